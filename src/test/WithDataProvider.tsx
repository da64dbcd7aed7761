/** Tests only: what react-admin's data hooks need (a data provider and a query client), without <Admin>. */
import { useState, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { DataProviderContext, type DataProvider } from 'ra-core';

export function WithDataProvider({ dataProvider, children }: { dataProvider: Partial<DataProvider>; children: ReactNode }) {
  // One client per mount: a test never sees another test's cache.
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  return (
    <QueryClientProvider client={client}>
      <DataProviderContext.Provider value={dataProvider as DataProvider}>{children}</DataProviderContext.Provider>
    </QueryClientProvider>
  );
}
