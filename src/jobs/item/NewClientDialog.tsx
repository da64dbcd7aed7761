/**
 * The job form's "New client" dialog: a client (a CLIENT contact) with the few fields an office
 * knows on the phone, created through the data provider (jobclients/create, open to whoever works
 * on jobs even where the Contacts page is off) and handed back to the picker to be chosen.
 */
import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, TextField, useMediaQuery, useTheme } from '@mui/material';
import { useCreate, useTranslate, type RaRecord } from 'ra-core';
import { JOB_CLIENT_INPUTS, jobClients, type JobClientInput } from '../../../core/jobs/jobClients';
import { validateResource } from '../../../core/resources/engine/schema';
import { ApiError } from '../../dataProvider/ApiError';
import type { PickOption } from '../../pickers/useReferenceOptions';

type Values = Record<JobClientInput, string>;
type Problems = Partial<Record<string, string>>;

interface Props {
  open: boolean;
  /** What the user had typed in the picker: the likely name. */
  initialName: string;
  onClose: () => void;
  onCreated: (client: PickOption) => void;
}

export function NewClientDialog({ open, initialName, onClose, onCreated }: Props) {
  const translate = useTranslate();
  const theme = useTheme();
  // A phone gets the whole screen: the keyboard leaves little room for a floating dialog.
  const narrow = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = 'new-client-title';
  return (
    <Dialog open={open} onClose={onClose} fullScreen={narrow} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{translate('jobClient.title')}</DialogTitle>
      {/* Mounted per opening, so each opening starts from what was just typed. */}
      {open && <NewClientForm initialName={initialName} onClose={onClose} onCreated={onCreated} />}
    </Dialog>
  );
}

const MULTILINE = new Set<JobClientInput>(['co_address']);

function NewClientForm({ initialName, onClose, onCreated }: Omit<Props, 'open'>) {
  const translate = useTranslate();
  const [values, setValues] = useState<Values>(() => ({ ...emptyValues(), co_name: initialName.trim() }));
  const [problems, setProblems] = useState<Problems>({});
  const [create, { isPending }] = useCreate<RaRecord, Error>();

  function submit() {
    // The same rules (and messages) as the server's, so most mistakes never leave the browser.
    const checked = validateResource(jobClients, values, 'create');
    if (!checked.ok) {
      setProblems(Object.fromEntries(checked.errors.map((e) => [e.field, e.message])));
      return;
    }
    setProblems({});
    void create(
      jobClients.name,
      { data: values },
      {
        onSuccess: (made) => onCreated({ id: Number(made.id), name: String(made.co_name ?? values.co_name) }),
        // The notice shows the server's answer; its field messages also go next to the fields.
        onError: (e) => {
          const fields = e instanceof ApiError ? (e.body as { errors?: Problems } | undefined)?.errors : undefined;
          if (fields) setProblems(fields);
        },
      },
    );
  }

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        e.stopPropagation(); // the dialog is portalled, yet React bubbles the submit to the job form
        submit();
      }}
    >
      <DialogContent sx={{ pt: 0 }}>
        <DialogContentText sx={{ mb: 2 }}>{translate('jobClient.intro')}</DialogContentText>
        <Stack gap={2}>
          {JOB_CLIENT_INPUTS.map((name, i) => (
            <TextField
              key={name}
              name={name}
              size="small"
              label={translate(`resources.contacts.fields.${name}`)}
              value={values[name]}
              onChange={(e) => setValues((prev) => ({ ...prev, [name]: e.target.value }))}
              required={name === 'co_name'}
              type={name === 'co_email' ? 'email' : name === 'co_phone' ? 'tel' : 'text'}
              multiline={MULTILINE.has(name)}
              minRows={MULTILINE.has(name) ? 2 : undefined}
              autoFocus={i === 0}
              error={!!problems[name]}
              helperText={problems[name] ? translate(problems[name]) : undefined}
              fullWidth
            />
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isPending}>
          {translate('ra.action.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={isPending}>
          {translate('jobClient.create')}
        </Button>
      </DialogActions>
    </form>
  );
}

function emptyValues(): Values {
  return Object.fromEntries(JOB_CLIENT_INPUTS.map((n) => [n, ''])) as Values;
}
