/**
 * /admin/mailaccount/{id?}: the account's fields with its incoming and outgoing server, the
 * aliases, and — only once the account is saved (SPEC.md point 4) — its users, the IMAP folder
 * table and "Sync now". Choosing another incoming server replaces the old one on the server side.
 */
import { useCallback, useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Divider, FormControlLabel, MenuItem, Stack, Switch, TextField, Typography } from '@mui/material';
import SyncIcon from '@mui/icons-material/Sync';
import { useTranslate } from 'ra-core';
import { useNavigate, useParams } from 'react-router-dom';
import { notify } from '../../notices/noticeStore';
import { PageFrame } from '../../pages/PageFrame';
import type { PageProps } from '../../pages/types';
import { AccountUsersTable } from './AccountUsersTable';
import { accountApi, serverApi, type AccountDetails, type AccountFields, type ServerRow } from './adminApi';
import { AliasesEditor } from './AliasesEditor';
import { attempt, showDate, type FieldErrorMap } from './attempt';
import { ImapFolderTable } from './ImapFolderTable';
import { SyncStatus } from './MailAccountListPage';

const EMPTY: AccountFields = { ma_name: '', ma_email: '', ma_color: '#1976d2', ma_enabled: true, mis_id: null, mailserver_id: null };

export function MailAccountItemPage(props: PageProps) {
  const id = Number(useParams().id) || null;
  // Another account (or a new one) starts from a clean form.
  return <MailAccountEditor key={id ?? 'new'} id={id} {...props} />;
}

function MailAccountEditor({ title, id }: PageProps & { id: number | null }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [form, setForm] = useState<AccountFields>(EMPTY);
  const [details, setDetails] = useState<AccountDetails | null>(null);
  const [errors, setErrors] = useState<FieldErrorMap>({});
  const incoming = useQuery({ queryKey: ['mailincomingservers', 'choices'], queryFn: () => attempt(() => serverApi.list('imap', null)) }).data ?? [];
  const outgoing = useQuery({ queryKey: ['mailservers', 'choices'], queryFn: () => attempt(() => serverApi.list('smtp', null)) }).data ?? [];
  const [refreshKey, setRefreshKey] = useState(0);
  // The aliases and users editors start again from each answer of the server.
  const [version, setVersion] = useState(0);

  const show = useCallback((d: AccountDetails) => {
    setDetails(d);
    setVersion((v) => v + 1);
    setForm({ ma_name: d.ma_name, ma_email: d.ma_email, ma_color: d.ma_color, ma_enabled: d.ma_enabled, mis_id: d.mis_id, mailserver_id: d.mailserver_id });
  }, []);
  useEffect(() => {
    if (id) void attempt(() => accountApi.details(id)).then((d) => d && show(d));
  }, [id, show]);

  const set = <K extends keyof AccountFields>(key: K, value: AccountFields[K]) => setForm((f) => ({ ...f, [key]: value }));
  const save = async () => {
    const saved = await attempt(() => accountApi.save(id, form), setErrors);
    if (!saved) return;
    show(saved);
    setRefreshKey((k) => k + 1);
    if (!id) navigate(`/admin/mailaccount/${saved.mailaccount_id}`, { replace: true });
  };
  const syncNow = async () => {
    if (id && (await attempt(() => accountApi.sync(id)))) {
      notify('success', translate('mailAdmin.actions.syncQueued'));
      setRefreshKey((k) => k + 1);
    }
  };
  const remove = async () => {
    if (id && (await attempt(() => accountApi.remove(id)))) navigate('/admin/mailaccounts');
  };

  const serverSelect = (key: 'mis_id' | 'mailserver_id', label: string, rows: ServerRow[], prefix: string) => (
    <TextField
      select
      label={translate(label)}
      value={form[key] ?? ''}
      onChange={(e) => set(key, e.target.value === '' ? null : Number(e.target.value))}
      error={!!errors[key]}
      helperText={errors[key]}
    >
      <MenuItem value="">{translate('mailAdmin.fields.none')}</MenuItem>
      {rows.map((r) => (
        <MenuItem key={String(r[key])} value={Number(r[key])}>
          {`${String(r[`${prefix}name`])} (${String(r[`${prefix}host`])})`}
        </MenuItem>
      ))}
    </TextField>
  );
  const saved = !!(id && details);

  return (
    <PageFrame title={title}>
      <Stack spacing={2} sx={{ maxWidth: 560 }} component="form" onSubmit={(e) => (e.preventDefault(), void save())}>
        <TextField
          label={translate('mailAdmin.fields.name')}
          required
          value={form.ma_name}
          onChange={(e) => set('ma_name', e.target.value)}
          error={!!errors.ma_name}
          helperText={errors.ma_name}
        />
        <TextField
          label={translate('mailAdmin.fields.email')}
          required
          value={form.ma_email}
          onChange={(e) => set('ma_email', e.target.value)}
          error={!!errors.ma_email}
          helperText={errors.ma_email}
        />
        <TextField
          label={translate('mailAdmin.fields.color')}
          type="color"
          value={form.ma_color ?? '#1976d2'}
          onChange={(e) => set('ma_color', e.target.value)}
          sx={{ width: 160 }}
        />
        <FormControlLabel
          control={<Switch checked={form.ma_enabled} onChange={(e) => set('ma_enabled', e.target.checked)} />}
          label={translate('mailAdmin.fields.enabled')}
        />
        {serverSelect('mis_id', 'mailAdmin.fields.incoming', incoming, 'mis_')}
        {serverSelect('mailserver_id', 'mailAdmin.fields.outgoing', outgoing, 'mailserver_')}
        <Stack direction="row" spacing={2}>
          <Button type="submit" variant="contained">
            {translate('mailAdmin.actions.save')}
          </Button>
          {saved && (
            <Button startIcon={<SyncIcon />} variant="outlined" onClick={() => void syncNow()} disabled={!details?.ma_enabled}>
              {translate('mailAdmin.actions.syncNow')}
            </Button>
          )}
          {saved && (
            <Button color="error" onClick={() => void remove()}>
              {translate('mailAdmin.actions.delete')}
            </Button>
          )}
          <Button onClick={() => navigate('/admin/mailaccounts')}>{translate('mailAdmin.actions.back')}</Button>
        </Stack>
      </Stack>
      {saved && details ? (
        <>
          <Stack direction="row" spacing={3} alignItems="flex-start">
            <SyncStatus row={details} />
            <Typography variant="body2">{`${translate('mailAdmin.fields.lastSync')}: ${details.last_sync_at ? showDate(details.last_sync_at) : translate('mailAdmin.status.never')}`}</Typography>
          </Stack>
          <Divider />
          <AliasesEditor key={`aliases-${version}`} accountId={details.mailaccount_id} aliases={details.aliases} />
          <Divider />
          <AccountUsersTable key={`users-${version}`} accountId={details.mailaccount_id} users={details.users} />
          <Divider />
          <ImapFolderTable accountId={details.mailaccount_id} refreshKey={refreshKey} />
        </>
      ) : (
        <Typography color="text.secondary">{translate('mailAdmin.titles.saveFirst')}</Typography>
      )}
    </PageFrame>
  );
}
