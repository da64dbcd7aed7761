/**
 * A JSON editor for a brand configuration (or a domain's overrides): the text is parsed and
 * checked against the brand-configuration schema as it is typed, and the problems are listed
 * under it, so nothing invalid reaches Save.
 */
import { Alert, Box, TextField } from '@mui/material';
import { useTranslate } from 'ra-core';
import { parseBrandConfigText, type ConfigIssue } from '../../core/brand/configSchema';

export function configIssues(text: string): ConfigIssue[] {
  return parseBrandConfigText(text).issues;
}

export function JsonConfigField({
  label,
  value,
  onChange,
  name,
  rows = 14,
}: {
  label: string;
  value: string;
  onChange: (text: string) => void;
  name: string;
  rows?: number;
}) {
  const translate = useTranslate();
  const issues = configIssues(value);
  return (
    <Box>
      <TextField
        label={label}
        name={name}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        multiline
        minRows={Math.min(rows, 4)}
        maxRows={rows * 2}
        fullWidth
        error={issues.length > 0}
        slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace', fontSize: 13 } } }}
      />
      {issues.length > 0 && (
        <Alert severity="error" sx={{ mt: 1 }} data-testid={`${name}-issues`}>
          {translate('brandSites.configInvalid')}
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {issues.map((i) => (
              <li key={`${i.path}:${i.message}`}>{i.path ? `${i.path}: ${i.message}` : i.message}</li>
            ))}
          </Box>
        </Alert>
      )}
    </Box>
  );
}
