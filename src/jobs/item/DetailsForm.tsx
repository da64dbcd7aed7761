/**
 * The Job details tab: the job's own fields, its people, the remedial check, the issue flag, and Save / Copy /
 * Delete. Read-only with the notice when the user may not modify the job; a customer edits only
 * the texts and never the status.
 */
import { useState } from 'react';
import { Alert, Box, Button, Checkbox, FormControlLabel, MenuItem, Stack, TextField, Tooltip } from '@mui/material';
import { useTranslate } from 'ra-core';
import { JOB_STATUSES, JOB_TAGS, type JobTag } from '../../../core/enums';
import { CodesPicker, IdPicker } from '../sheet/pickers';
import type { useJobOptions } from '../sheet/options';
import { ReferencePicker, ReferencesPicker } from '../../pickers/ReferencePicker';
import { REFERENCES } from '../../pickers/references';
import type { PickOption } from '../../pickers/useReferenceOptions';
import { useSiteContacts } from './siteContacts';
import type { JobDetails } from '../../../core/jobs/types';
import { ConfirmDelete } from './ConfirmDelete';
import { EngineersInput } from './EngineersInput';
import { IssueCheckbox } from './IssueCheckbox';
import { NewClientDialog } from './NewClientDialog';
import { checkJob, type FormProblems, type JobFormValues } from './jobForm';

interface Props {
  initial: JobFormValues;
  details: JobDetails | null;
  customer: boolean;
  options: ReturnType<typeof useJobOptions>;
  onSave: (values: JobFormValues) => Promise<void>;
  onCopy: () => void;
  onDelete: () => void;
}

export function DetailsForm({ initial, details, customer, options, onSave, onCopy, onDelete }: Props) {
  const translate = useTranslate();
  const [v, setV] = useState<JobFormValues>(initial);
  const [problems, setProblems] = useState<FormProblems>({});
  const [busy, setBusy] = useState(false);
  const [confirm, setConfirm] = useState(false);
  const readOnly = details ? !details.can_modify : false;
  const staffEdit = !customer && !readOnly;
  const siteContacts = useSiteContacts(v.js_id, !customer);
  const [siteChanged, setSiteChanged] = useState(false);
  const t = (k: string) => translate(`jobs.fields.${k}`);
  const set = <K extends keyof JobFormValues>(key: K, value: JobFormValues[K]) => setV((prev) => ({ ...prev, [key]: value }));
  const err = (k: keyof FormProblems) => (problems[k] ? translate(problems[k]!) : undefined);
  const saved = !!details?.job_number;
  // The names the job carries: the pickers show them without asking the server.
  const known = (id: number | null | undefined, name: string | null | undefined): PickOption[] => (id && name ? [{ id, name }] : []);
  const knownSuppliers = (details?.suppliers ?? []).flatMap((s) => known(s.co_id, s.co_name));
  const knownAssigned = (details?.assigned ?? []).flatMap((u) => known(u.us_id, u.fullname));
  const knownEngineers = (details?.engineers ?? []).flatMap((e) => known(e.us_id, e.fullname));
  // "New client" in the client picker: the dialog's name starts from what was typed there.
  const [newClientName, setNewClientName] = useState<string | null>(null);
  const [createdClient, setCreatedClient] = useState<PickOption | null>(null);

  // After the user picks another site, a contact that is not one of its contacts is cleared (once
  // the new site's contacts are known); a job as loaded is left as it is. Adjusted while rendering
  // (react.dev, "you might not need an effect"): it settles at once, as jsc_id becomes null.
  if (siteChanged && siteContacts.forSite === v.js_id && v.jsc_id !== null && !siteContacts.options.some((o) => o.id === v.jsc_id)) {
    setV((prev) => ({ ...prev, jsc_id: null }));
  }

  async function save() {
    const found = checkJob(v, customer);
    setProblems(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      await onSave(v);
    } finally {
      setBusy(false);
    }
  }

  // A customer has no pick lists: the names the job carries are shown as plain read-only text.
  const shownName = (label: string, value: string | null | undefined) => (
    <TextField size="small" fullWidth={false} sx={{ width: 260 }} label={label} value={value ?? ''} slotProps={{ input: { readOnly: true } }} />
  );
  return (
    <Box
      component="form"
      aria-label={translate('jobs.item.tabs.details')}
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
      sx={{ display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 900 }}
    >
      {readOnly && <Alert severity="info">{translate('jobs.errors.notAllowedToModify')}</Alert>}
      {details?.remedial_flag && <Alert severity="warning">{translate('jobs.errors.remedialNoSite')}</Alert>}
      <Stack direction="row" flexWrap="wrap" gap={2}>
        {customer ? (
          <>
            {shownName(t('department'), details?.de_name)}
            {shownName(t('client'), details?.co_name)}
            {shownName(t('site'), details?.js_address)}
            {shownName(t('pm'), details?.pm_name)}
            {shownName(t('site_contact'), details?.jsc_name)}
            {shownName(t('job_status'), details?.job_status ? translate(`jobs.status.${details.job_status}`) : translate('jobs.sheet.noStatus'))}
          </>
        ) : (
          <>
            <IdPicker
              label={t('department')}
              options={options.departments}
              value={v.de_id}
              onChange={(id) => set('de_id', id)}
              disabled={!staffEdit}
              minWidth={260}
              helperText={err('de_id')}
              error={!!problems.de_id}
            />
            <ReferencePicker
              minWidth={260}
              label={t('client')}
              reference={REFERENCES.jobClient}
              known={[...known(details?.co_id, details?.co_name), ...(createdClient ? [createdClient] : [])]}
              value={v.co_id}
              onChange={(id) => set('co_id', id)}
              disabled={!staffEdit}
              create={staffEdit ? { label: translate('jobClient.option'), onCreate: setNewClientName } : undefined}
            />
            <ReferencePicker
              minWidth={260}
              label={t('site')}
              reference={REFERENCES.site}
              known={known(details?.js_id, details?.js_address)}
              value={v.js_id}
              onChange={(id) => {
                set('js_id', id);
                setSiteChanged(true);
              }}
              disabled={!staffEdit}
            />
            <ReferencePicker
              minWidth={260}
              label={t('pm')}
              reference={REFERENCES.propertyManager}
              known={known(details?.pm_id, details?.pm_name)}
              value={v.pm_id}
              onChange={(id) => set('pm_id', id)}
              disabled={!staffEdit}
            />
            <IdPicker
              minWidth={260}
              label={t('site_contact')}
              options={siteContacts.options}
              value={v.jsc_id}
              onChange={(id) => set('jsc_id', id)}
              disabled={!staffEdit}
              knownName={details?.jsc_id && details.jsc_name ? { id: details.jsc_id, name: details.jsc_name } : null}
            />
            <TextField
              select
              size="small"
              fullWidth={false}
              sx={{ width: 260 }}
              label={t('job_status')}
              value={v.job_status}
              disabled={!staffEdit}
              onChange={(e) => set('job_status', e.target.value as JobFormValues['job_status'])}
            >
              {JOB_STATUSES.map((s) => (
                <MenuItem key={s} value={s}>
                  {translate(`jobs.status.${s}`)}
                </MenuItem>
              ))}
            </TextField>
          </>
        )}
        <TextField
          size="small"
          fullWidth={false}
          sx={{ width: 260 }}
          label={t('job_wopo')}
          value={v.job_wopo}
          onChange={(e) => set('job_wopo', e.target.value)}
          disabled={readOnly}
          error={!!problems.job_wopo}
          helperText={err('job_wopo')}
        />
      </Stack>
      <TextField
        label={t('job_desc')}
        value={v.job_desc}
        onChange={(e) => set('job_desc', e.target.value)}
        disabled={readOnly}
        multiline
        minRows={2}
        error={!!problems.job_desc}
        helperText={err('job_desc')}
      />
      <TextField
        label={t('job_details')}
        value={v.job_details}
        onChange={(e) => set('job_details', e.target.value)}
        disabled={readOnly}
        multiline
        minRows={3}
        error={!!problems.job_details}
        helperText={err('job_details')}
      />
      {!customer && (
        <>
          <Stack direction="row" flexWrap="wrap" gap={2}>
            <CodesPicker<JobTag>
              label={t('tags')}
              codes={JOB_TAGS}
              value={v.job_tags}
              onChange={(c) => set('job_tags', c)}
              labelOf={(c) => translate(`jobs.tags.${c}`)}
              disabled={!staffEdit}
              minWidth={400}
            />
            <ReferencesPicker
              label={t('assigned')}
              reference={REFERENCES.staff}
              known={knownAssigned}
              value={v.assigned}
              onChange={(ids) => set('assigned', ids)}
              disabled={!staffEdit}
              minWidth={400}
            />
            <ReferencesPicker
              label={t('suppliers')}
              reference={REFERENCES.supplier}
              known={knownSuppliers}
              value={v.suppliers}
              onChange={(ids) => set('suppliers', ids)}
              disabled={!staffEdit}
              minWidth={400}
            />
          </Stack>
          <EngineersInput
            value={v.engineers}
            onChange={(list) => set('engineers', list)}
            known={knownEngineers}
            hasSite={v.js_id !== null}
            readOnly={!staffEdit}
            problem={problems.engineers}
          />
          <Stack direction="row" gap={2}>
            <FormControlLabel
              control={<Checkbox checked={v.job_has_remedial} disabled={!staffEdit} onChange={(e) => set('job_has_remedial', e.target.checked)} />}
              label={t('remedial')}
            />
            <FormControlLabel
              control={<Checkbox checked={v.skip_remedial_check} disabled={!staffEdit} onChange={(e) => set('skip_remedial_check', e.target.checked)} />}
              label={t('skipRemedial')}
            />
            {details && <IssueCheckbox jobId={details.job_id} initial={details.job_has_issue} disabled={!staffEdit} />}
          </Stack>
        </>
      )}
      {!readOnly && (
        <Stack direction="row" gap={2} alignItems="center">
          <Button type="submit" variant="contained" disabled={busy}>
            {translate('jobs.item.save')}
          </Button>
          {!customer && (
            <>
              <Tooltip title={saved ? '' : translate('jobs.errors.saveBeforeCopy')}>
                <span>
                  <Button onClick={onCopy} disabled={!saved || busy}>
                    {translate('jobs.item.copy')}
                  </Button>
                </span>
              </Tooltip>
              {!saved && (
                <Box component="span" sx={{ typography: 'caption' }}>
                  {translate('jobs.errors.saveBeforeCopy')}
                </Box>
              )}
              {details && (
                <Button color="error" onClick={() => setConfirm(true)} disabled={busy}>
                  {translate('jobs.item.delete')}
                </Button>
              )}
            </>
          )}
        </Stack>
      )}
      <NewClientDialog
        open={newClientName !== null}
        initialName={newClientName ?? ''}
        onClose={() => setNewClientName(null)}
        onCreated={(client) => {
          setCreatedClient(client);
          set('co_id', client.id);
          setNewClientName(null);
        }}
      />
      <ConfirmDelete
        open={confirm}
        onClose={() => setConfirm(false)}
        onConfirm={() => {
          setConfirm(false);
          onDelete();
        }}
      />
    </Box>
  );
}
