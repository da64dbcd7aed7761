/** def.itemPath/{id?}: with an id the edit screen, without one the create screen. */
import { Create, Edit } from 'react-admin';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router-dom';
import { PageFrame } from '../../pages/PageFrame';
import type { PageProps } from '../../pages/types';
import { notAllowedUrl } from '../../routes/guard';
import { findResource } from '../../../core/resources/definitions';
import { ITEM_PANELS } from '../itemPanels';
import { RelatedPanel } from './RelatedPanel';
import { ResourceForm } from './ResourceForm';
import type { ResourceDef } from '../../../core/resources/engine/types';
import { useCanWrite } from './useCanWrite';
import { GUARDED_BY_ROUTE } from '../../routes/guardedByRoute';

// The fetch wrapper has already shown and stored failures and success notices.
const ignore = () => undefined;

function ResourceCreate({ def, title }: { def: ResourceDef; title: string }) {
  const navigate = useNavigate();
  return (
    <Create
      {...GUARDED_BY_ROUTE}
      resource={def.name}
      title={title}
      actions={false}
      mutationOptions={{ onSuccess: () => navigate(def.listPath), onError: ignore }}
    >
      <ResourceForm def={def} mode="create" writable />
    </Create>
  );
}

function ResourceEdit({ def, id, title, writable }: { def: ResourceDef; id: string; title: string; writable: boolean }) {
  const navigate = useNavigate();
  return (
    <Edit
      {...GUARDED_BY_ROUTE}
      resource={def.name}
      id={id}
      title={title}
      actions={false}
      mutationMode="pessimistic"
      mutationOptions={{ onSuccess: () => navigate(def.listPath), onError: ignore }}
      queryOptions={{ onError: ignore }}
    >
      <ResourceForm def={def} mode="update" writable={writable} />
    </Edit>
  );
}

export function ResourceItemPage({ route, title }: PageProps) {
  const { id } = useParams();
  const location = useLocation();
  const def = findResource(route.resource ?? '');
  if (!def) throw new Error(`No resource definition for route ${route.id}`);
  const writable = useCanWrite(def);
  if (!id && !writable) return <Navigate to={notAllowedUrl(location.pathname + location.search, title, 'role')} replace />;
  return (
    <PageFrame title={title}>
      {id ? <ResourceEdit key={id} def={def} id={id} title={title} writable={writable} /> : <ResourceCreate def={def} title={title} />}
      {id && (def.related ?? []).map((related) => <RelatedPanel key={related.resource + related.filterKey} related={related} id={id} />)}
      {id && (ITEM_PANELS[def.name] ?? []).map((Panel, i) => <Panel key={i} id={id} writable={writable} />)}
    </PageFrame>
  );
}
