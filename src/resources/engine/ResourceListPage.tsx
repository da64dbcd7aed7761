/** The list screen of a definition: columns, filters, free-text search, sorting and paging. */
import { Button, DataTable, List, Pagination, BulkDeleteButton } from 'react-admin';
import { Box } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { Link } from 'react-router-dom';
import { useAuth } from '../../auth/authStore';
import { PageFrame } from '../../pages/PageFrame';
import type { PageProps } from '../../pages/types';
import { findResource } from '../../../core/resources/definitions';
import { fieldColumn } from './fieldColumn';
import { filterInputs } from './filterInputs';
import { sortOf } from './formValues';
import { SearchBox } from './SearchBox';
import type { ResourceDef } from '../../../core/resources/engine/types';
import { useCanDelete, useCanWrite } from './useCanWrite';
import { LIST_EXTRAS } from '../listExtras';
import { GUARDED_BY_ROUTE } from '../../routes/guardedByRoute';

function ListActions({ def, writable }: { def: ResourceDef; writable: boolean }) {
  const Extra = LIST_EXTRAS[def.name]?.Actions;
  return (
    // A plain row rather than TopToolbar, which pins itself to the bottom of small screens.
    <Box sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'flex-end', gap: 1, flexWrap: 'wrap', py: 1 }}>
      {def.fields.some((f) => f.searchable) && <SearchBox />}
      {Extra && <Extra />}
      {writable && (
        <Button component={Link} to={def.itemPath} label="engine.create" variant="contained">
          <AddIcon />
        </Button>
      )}
    </Box>
  );
}

const ignore = () => undefined;

export function ResourceList({ def, title }: { def: ResourceDef; title: string }) {
  const writable = useCanWrite(def);
  const deletable = useCanDelete(def);
  const dateFormat = useAuth().user?.settings.dateFormat;
  const pageSizes = [...new Set([10, 20, 50, def.pageSize])].sort((a, b) => a - b);
  return (
    <List
      {...GUARDED_BY_ROUTE}
      resource={def.name}
      title={title}
      perPage={def.pageSize}
      sort={sortOf(def.defaultSort)}
      filters={filterInputs(def)}
      actions={<ListActions def={def} writable={writable} />}
      pagination={<Pagination rowsPerPageOptions={pageSizes} />}
      empty={false}
      // Wide tables scroll inside their card instead of widening the whole page on phones.
      sx={{ '& .RaList-content': { overflowX: 'auto' }, '& .RaList-main': { minWidth: 0 } }}
      // The fetch wrapper has already shown and stored the failure.
      queryOptions={{ onError: ignore }}
    >
      <DataTable
        rowClick={(id) => `${def.itemPath}/${encodeURIComponent(String(id))}`}
        bulkActionButtons={deletable ? <BulkDeleteButton mutationMode="pessimistic" /> : false}
      >
        {def.fields.filter((f) => f.list).map((f) => LIST_EXTRAS[def.name]?.columns?.[f.name]?.(f) ?? fieldColumn(f, dateFormat))}
        {(def.relations ?? [])
          .filter((r) => r.listSummary)
          .map((r) => (
            <DataTable.Col key={r.name} source={`${r.name}_names`} label={r.label} disableSort />
          ))}
      </DataTable>
    </List>
  );
}

export function ResourceListPage({ route, title }: PageProps) {
  const def = findResource(route.resource ?? '');
  if (!def) throw new Error(`No resource definition for route ${route.id}`);
  return (
    <PageFrame title={title}>
      <ResourceList def={def} title={title} />
    </PageFrame>
  );
}
