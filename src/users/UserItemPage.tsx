/**
 * /admin/user/{id?}: the users definition's fields in the engine's inputs, the role offered from
 * the changeable roles the server lists, a password on create, and the user's actions on edit.
 * Delete shows only where the brand has auth.userDelete.
 */
import {
  DeleteButton,
  Edit,
  PasswordInput,
  ResourceContextProvider,
  SaveButton,
  SelectInput,
  SimpleForm,
  Toolbar,
  useGetOne,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { Alert } from '@mui/material';
import { useParams, useNavigate } from 'react-router-dom';
import { useBrand } from '../brand/BrandContext';
import { api } from '../dataProvider/apiClient';
import { PageFrame } from '../pages/PageFrame';
import type { PageProps } from '../pages/types';
import { refreshPreloaded } from '../preload/preloadStore';
import { usePreloaded } from '../preload/usePreloaded';
import { FieldInput } from '../resources/engine/FieldInput';
import { KEEP_TYPED_VALUES, resolverOf } from '../resources/engine/formValues';
import type { GlobalParams } from '../../core/enums';
import { UserExtras } from './UserExtras';
import { users } from '../../core/users/usersResource';
import { GUARDED_BY_ROUTE } from '../routes/guardedByRoute';

// The fetch wrapper shows the notices; the page stays, since the user's actions live on it.
const ignore = () => undefined;

function useChangeableRoles(): readonly string[] {
  return usePreloaded<GlobalParams>('globalparams')?.roles ?? [];
}

function RoleInput({ readOnly }: { readOnly: boolean }) {
  const roles = useChangeableRoles();
  const current = useRecordContext()?.role as string | undefined;
  // A role the admin cannot give (Developer) is still shown on the record that has it.
  const shown = current && !roles.includes(current) ? [...roles, current] : roles;
  return <SelectInput source="role" label="users.fields.role" choices={shown.map((r) => ({ id: r, name: r }))} readOnly={readOnly} fullWidth />;
}

function Fields({ readOnly = false }: { readOnly?: boolean }) {
  return (
    <>
      {users.fields
        .filter((f) => !f.readOnly && f.name !== 'role')
        .map((f) => (
          <FieldInput key={f.name} field={f} readOnly={readOnly} />
        ))}
      <RoleInput readOnly={readOnly} />
    </>
  );
}

/** The server refuses changes to a user whose role is above the ones this admin can give; so does the page. */
function UserEditForm() {
  const translate = useTranslate();
  const roles = useChangeableRoles();
  const role = useRecordContext()?.role as string | undefined;
  const writable = !role || roles.length === 0 || roles.includes(role);
  return (
    <>
      <SimpleForm resolver={resolverOf(users, 'update')} toolbar={writable ? <EditToolbar /> : false} sx={{ maxWidth: 720 }}>
        {!writable && <Alert severity="info">{translate('engine.readOnly')}</Alert>}
        <Fields readOnly={!writable} />
      </SimpleForm>
      {writable && <UserExtras />}
    </>
  );
}

function EditToolbar() {
  const features = useBrand()?.features;
  return (
    <Toolbar sx={{ display: 'flex', justifyContent: 'space-between' }}>
      <SaveButton />
      {features?.auth?.userDelete && <DeleteButton mutationMode="pessimistic" redirect={() => users.listPath} />}
    </Toolbar>
  );
}

function UserCreate() {
  const navigate = useNavigate();
  async function save(values: Record<string, unknown>) {
    try {
      const res = await api<Record<string, unknown>>(`users/${users.actions!.create}`, { method: 'POST', body: values, resource: 'users' });
      void refreshPreloaded('users');
      if (res?.data?.us_id) navigate(`${users.itemPath}/${res.data.us_id}`);
    } catch {
      // The fetch wrapper has shown and stored the refusal.
    }
  }
  return (
    <ResourceContextProvider value={users.name}>
      <SimpleForm
        resolver={resolverOf(users, 'create')}
        resetOptions={KEEP_TYPED_VALUES}
        onSubmit={save}
        toolbar={
          <Toolbar>
            <SaveButton />
          </Toolbar>
        }
        sx={{ maxWidth: 720 }}
      >
        <Fields />
        <PasswordInput source="password" label="users.password" autoComplete="new-password" fullWidth />
      </SimpleForm>
    </ResourceContextProvider>
  );
}

export function UserItemPage({ title: pageTitle }: PageProps) {
  const { id } = useParams();
  const translate = useTranslate();
  // The same query the edit form makes (react-query shares it): the heading names the user once loaded.
  const { data } = useGetOne<{ id: string; firstname?: string; surname?: string }>('users', { id: id ?? '' }, { enabled: !!id });
  const title = [data?.firstname, data?.surname].filter(Boolean).join(' ') || pageTitle;
  return (
    <PageFrame title={title}>
      {id ? (
        <Edit
          {...GUARDED_BY_ROUTE}
          key={id}
          resource="users"
          id={id}
          title={title}
          actions={false}
          mutationMode="pessimistic"
          redirect={false}
          mutationOptions={{ onSuccess: ignore, onError: ignore }}
          queryOptions={{ onError: ignore }}
        >
          <UserEditForm />
        </Edit>
      ) : (
        <div aria-label={translate('users.one')}>
          <UserCreate />
        </div>
      )}
    </PageFrame>
  );
}
