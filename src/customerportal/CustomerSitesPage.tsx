/**
 * /portal/sites, the customer's sites (issue 24): each with its clients (of theirs), a new site for
 * one of their clients, another of their clients added to a site, a site's contacts and managers
 * on demand, and their own property managers.
 */
import { useState } from 'react';
import { Button, Card, CardContent, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CustomerSiteRow } from '../../core/customerportal/types';
import { PageFrame } from '../pages/PageFrame';
import type { PageProps } from '../pages/types';
import { CUSTOMER_KEY, useCustomerProvider, type CustomerContact } from './customerProvider';
import { ReadOnlyValue } from './portalParts';

function AddClient({ site, contacts }: { site: CustomerSiteRow; contacts: CustomerContact[] }) {
  const translate = useTranslate();
  const t = (key: string) => translate(`customerPortal.sites.${key}`);
  const provider = useCustomerProvider();
  const client = useQueryClient();
  const [coId, setCoId] = useState('');
  const add = useMutation({
    mutationFn: () => provider.customerAppendClient(site.js_id, Number(coId)),
    onSuccess: () => {
      setCoId('');
      void client.invalidateQueries({ queryKey: [CUSTOMER_KEY, 'sites'] });
    },
  });
  const missing = contacts.filter((c) => !site.clients.some((s) => s.co_id === c.co_id));
  if (!missing.length) return null;
  return (
    <Stack direction="row" spacing={1} alignItems="center">
      <TextField select size="small" label={t('addClient')} value={coId} onChange={(e) => setCoId(e.target.value)} sx={{ flex: 1, minWidth: 0 }}>
        {missing.map((c) => (
          <MenuItem key={c.co_id} value={String(c.co_id)}>
            {c.co_name}
          </MenuItem>
        ))}
      </TextField>
      <Button variant="outlined" disabled={!coId || add.isPending} onClick={() => add.mutate()}>
        {t('add')}
      </Button>
    </Stack>
  );
}

/** A site's contacts and managers, read when the customer opens them (getJobSiteDetails). */
function SiteDetails({ jsId }: { jsId: number }) {
  const translate = useTranslate();
  const t = (key: string) => translate(`customerPortal.sites.${key}`);
  const provider = useCustomerProvider();
  const [open, setOpen] = useState(false);
  const { data } = useQuery({ queryKey: [CUSTOMER_KEY, 'site', jsId], queryFn: ({ signal }) => provider.customerSite(jsId, signal), enabled: open });
  if (!open)
    return (
      <Button size="small" onClick={() => setOpen(true)} sx={{ alignSelf: 'flex-start' }}>
        {t('contacts')} / {t('managers')}
      </Button>
    );
  return (
    <>
      <ReadOnlyValue label={t('contacts')}>
        {data?.sitecontacts.map((c) => [c.jsc_name, c.jsc_phone, c.jsc_email].filter(Boolean).join(', ')).join('; ') || t('none')}
      </ReadOnlyValue>
      <ReadOnlyValue label={t('managers')}>{data?.propertymanagers.map((m) => m.pm_name).join(', ') || t('none')}</ReadOnlyValue>
    </>
  );
}

function NewSite({ contacts }: { contacts: CustomerContact[] }) {
  const translate = useTranslate();
  const t = (key: string) => translate(`customerPortal.sites.${key}`);
  const provider = useCustomerProvider();
  const client = useQueryClient();
  const empty = { js_address: '', js_city: '', js_postcode: '', co_id: '' };
  const [form, setForm] = useState(empty);
  const create = useMutation({
    mutationFn: () =>
      provider.customerCreateSite({ js_address: form.js_address.trim(), js_city: form.js_city, js_postcode: form.js_postcode, co_id: Number(form.co_id) }),
    onSuccess: () => {
      setForm(empty);
      void client.invalidateQueries({ queryKey: [CUSTOMER_KEY, 'sites'] });
    },
  });
  const set = (name: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) => setForm((f) => ({ ...f, [name]: e.target.value }));
  const coId = form.co_id || (contacts.length === 1 ? String(contacts[0].co_id) : '');
  return (
    <Card variant="outlined" component="section" aria-label={t('create')}>
      <CardContent>
        <Stack
          spacing={1.5}
          component="form"
          onSubmit={(e) => {
            e.preventDefault();
            if (form.js_address.trim() && coId) create.mutate();
          }}
        >
          <Typography variant="h6" component="h2">
            {t('create')}
          </Typography>
          <TextField required label={t('address')} value={form.js_address} onChange={set('js_address')} inputProps={{ maxLength: 100 }} fullWidth />
          <TextField label={t('city')} value={form.js_city} onChange={set('js_city')} inputProps={{ maxLength: 100 }} fullWidth />
          <TextField label={t('postcode')} value={form.js_postcode} onChange={set('js_postcode')} inputProps={{ maxLength: 100 }} fullWidth />
          <TextField select required label={t('client')} value={coId} onChange={set('co_id')} fullWidth>
            {contacts.map((c) => (
              <MenuItem key={c.co_id} value={String(c.co_id)}>
                {c.co_name}
              </MenuItem>
            ))}
          </TextField>
          <Button type="submit" variant="contained" disabled={!form.js_address.trim() || !coId || create.isPending} sx={{ alignSelf: 'flex-start' }}>
            {t('create')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}

export function CustomerSitesPage({ title }: PageProps) {
  const translate = useTranslate();
  const t = (key: string) => translate(`customerPortal.sites.${key}`);
  const provider = useCustomerProvider();
  const { data: sites = [], isFetched } = useQuery({ queryKey: [CUSTOMER_KEY, 'sites'], queryFn: ({ signal }) => provider.customerSites(signal) });
  const { data: contacts = [] } = useQuery({ queryKey: [CUSTOMER_KEY, 'contacts'], queryFn: ({ signal }) => provider.customerContacts(signal) });
  const { data: managers = [] } = useQuery({ queryKey: [CUSTOMER_KEY, 'managers'], queryFn: ({ signal }) => provider.customerManagers(signal) });
  return (
    <PageFrame title={title}>
      <Stack spacing={2}>
        {isFetched && sites.length === 0 && <Typography>{t('empty')}</Typography>}
        <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={title}>
          {sites.map((s) => (
            <Card key={s.js_id} component="li" variant="outlined">
              <CardContent>
                <Stack spacing={1}>
                  <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                    {s.js_address}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {[s.js_city, s.js_postcode].filter(Boolean).join(', ')}
                  </Typography>
                  <ReadOnlyValue label={t('clients')}>{s.clients.map((c) => c.co_name).join(', ')}</ReadOnlyValue>
                  <SiteDetails jsId={s.js_id} />
                  <AddClient site={s} contacts={contacts} />
                </Stack>
              </CardContent>
            </Card>
          ))}
        </Stack>
        {contacts.length > 0 && <NewSite contacts={contacts} />}
        <ReadOnlyValue label={t('managers')}>{managers.map((m) => m.pm_name).join(', ') || t('none')}</ReadOnlyValue>
      </Stack>
    </PageFrame>
  );
}
