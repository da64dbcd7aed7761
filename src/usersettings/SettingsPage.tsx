/**
 * /settings: the user settings of SPEC.md point 3, each saved the moment it changes (through
 * updateSetting, which ignores a change of a key still being saved), plus the password block.
 */
import {
  FormControl,
  FormControlLabel,
  InputLabel,
  MenuItem,
  Select,
  Stack,
  Switch,
  TextField,
  Autocomplete,
  Card,
  CardContent,
  Typography,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import { useAuth } from '../auth/authStore';
import type { DarkModeSetting, UserSettings } from '../auth/types';
import { LOCALE_NAMES, LOCALES } from '../../core/i18n/locales';
import { setDarkMode } from '../layout/themeMode';
import { PageFrame } from '../pages/PageFrame';
import type { PageProps } from '../pages/types';
import { PasswordBlock } from './PasswordBlock';
import { SessionsBlock } from './SessionsBlock';
import { useUpdateSetting } from './updateSetting';
import { DARK_MODES, DEFAULT_SETTINGS, EMAIL_EDITORS } from '../../core/usersettings/userSettings';

export const DATE_FORMATS = ['DD/MM/YYYY HH:mm:ss', 'MM/DD/YYYY HH:mm:ss', 'YYYY-MM-DD HH:mm:ss', 'YYYY.MM.DD. HH:mm:ss', 'DD.MM.YYYY HH:mm'] as const;
const SWITCHES = ['autoloadHtml', 'iframeEditor', 'isThumbsDefault', 'showImapFolder'] as const;

function timeZones(): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
  return intl.supportedValuesOf?.('timeZone') ?? [DEFAULT_SETTINGS.timezone];
}

function Choice({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (v: string) => void;
}) {
  return (
    <FormControl fullWidth>
      <InputLabel id={`${id}-label`}>{label}</InputLabel>
      <Select labelId={`${id}-label`} id={id} label={label} value={value} onChange={(e) => onChange(String(e.target.value))}>
        {options.map((o) => (
          <MenuItem key={o.value} value={o.value}>
            {o.label}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}

export function SettingsForm() {
  const translate = useTranslate();
  const { user } = useAuth();
  const updateSetting = useUpdateSetting();
  const settings = { ...DEFAULT_SETTINGS, ...(user?.settings ?? {}) } as Required<Pick<UserSettings, keyof typeof DEFAULT_SETTINGS>> & UserSettings;
  const t = (key: string) => translate(`userSettings.${key}`);
  const dateFormats = DATE_FORMATS.includes(settings.dateFormat as (typeof DATE_FORMATS)[number])
    ? [...DATE_FORMATS]
    : [settings.dateFormat as string, ...DATE_FORMATS];
  return (
    <Stack spacing={2} sx={{ maxWidth: 560 }}>
      <Choice
        id="setting-language"
        label={t('language')}
        value={String(settings.language)}
        options={LOCALES.map((l) => ({ value: l, label: LOCALE_NAMES[l] }))}
        onChange={(v) => void updateSetting('language', v)}
      />
      <Choice
        id="setting-dateFormat"
        label={t('dateFormat')}
        value={String(settings.dateFormat)}
        options={dateFormats.map((f) => ({ value: f, label: f }))}
        onChange={(v) => void updateSetting('dateFormat', v)}
      />
      <Autocomplete
        id="setting-timezone"
        options={timeZones()}
        value={String(settings.timezone)}
        disableClearable
        onChange={(_, v) => v && void updateSetting('timezone', v)}
        renderInput={(params) => <TextField {...params} label={t('timezone')} />}
      />
      <Choice
        id="setting-emailEditor"
        label={t('emailEditor')}
        value={String(settings.emailEditor)}
        options={EMAIL_EDITORS.map((e) => ({ value: e, label: t(`editors.${e}`) }))}
        onChange={(v) => void updateSetting('emailEditor', v)}
      />
      <Choice
        id="setting-darkMode"
        label={t('darkMode')}
        value={String(settings.darkMode)}
        options={DARK_MODES.map((m) => ({ value: m, label: t(`darkModes.${m}`) }))}
        onChange={(v) => {
          setDarkMode(v as DarkModeSetting);
          void updateSetting('darkMode', v as DarkModeSetting);
        }}
      />
      {SWITCHES.map((key) => (
        <FormControlLabel key={key} control={<Switch checked={!!settings[key]} onChange={(e) => void updateSetting(key, e.target.checked)} />} label={t(key)} />
      ))}
    </Stack>
  );
}

export function SettingsPage({ title }: PageProps) {
  const translate = useTranslate();
  const role = useAuth().user?.role;
  return (
    <PageFrame title={title}>
      <Stack spacing={3}>
        <Card>
          <CardContent>
            <Typography variant="h6" component="h2" gutterBottom>
              {translate('userSettings.general')}
            </Typography>
            <SettingsForm />
          </CardContent>
        </Card>
        {role && role !== 'Customer' && <PasswordBlock />}
        <SessionsBlock />
      </Stack>
    </PageFrame>
  );
}
