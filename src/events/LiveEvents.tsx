/** Holds the tab's live update stream open while signed in; a reconnect reads every cached query again. */
import { useEffect } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { useAuth } from '../auth/authStore';
import { apiBaseUrl } from '../dataProvider/apiClient';
import { connectLiveEvents, useLiveEvents } from './liveEvents';

export function LiveEvents({ queryClient }: { queryClient: QueryClient }): null {
  const signedIn = useAuth().status === 'authenticated';
  useEffect(() => (signedIn ? connectLiveEvents(`${apiBaseUrl()}/events`) : undefined), [signedIn]);
  useLiveEvents(['resync'], () => void queryClient.invalidateQueries());
  return null;
}
