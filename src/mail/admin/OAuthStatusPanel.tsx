/**
 * Below a mail server's form: when its OAuth token endpoint refused to renew the access token, what
 * happened and what to do (the accounts on the server do not connect until then).
 */
import { Alert } from '@mui/material';
import { useGetOne, useTranslate } from 'react-admin';
import type { ComponentType } from 'react';
import type { ItemPanelProps } from '../../resources/itemPanels';

export function oauthStatusPanel(resource: string, errorField: string): ComponentType<ItemPanelProps> {
  return function OAuthStatusPanel({ id }: ItemPanelProps) {
    const translate = useTranslate();
    // The same query as the form's own, so react-query answers it from its cache.
    const { data } = useGetOne(resource, { id }, { onError: () => undefined });
    const error = data?.[errorField];
    if (typeof error !== 'string' || !error) return null;
    return (
      <Alert severity="error" sx={{ mt: 2, maxWidth: 720 }}>
        {translate('mailAdmin.errors.oauthRefused', { error })}
      </Alert>
    );
  };
}
