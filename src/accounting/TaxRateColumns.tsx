/**
 * The tax-rate list's own columns: visibility as a switch (an update of xtr_visible) and the
 * default as a marker or a "Make default" button (POST xerotaxrates/{id}/default). Clicks stay in
 * the cell, so they do not open the row.
 */
import { Button, Chip, Switch } from '@mui/material';
import StarIcon from '@mui/icons-material/Star';
import { DataTable } from 'react-admin';
import { useRecordContext, useRefresh, useTranslate, useUpdate } from 'ra-core';
import { useMutation } from '@tanstack/react-query';
import type { MouseEvent, ReactElement } from 'react';
import type { FieldDef } from '../../core/resources/engine/types';
import { refreshPreloaded } from '../preload/preloadStore';
import { useAccountingProvider } from './accountingProvider';

const stay = (e: MouseEvent) => e.stopPropagation();

function VisibleSwitch() {
  const record = useRecordContext();
  const translate = useTranslate();
  const [update, { isPending }] = useUpdate();
  if (!record) return null;
  const toggle = () =>
    update(
      'xerotaxrates',
      { id: record.id, data: { xtr_visible: !record.xtr_visible }, previousData: record },
      { mutationMode: 'pessimistic', onSuccess: () => void refreshPreloaded('xerotaxrates') },
    );
  return (
    <Switch
      checked={!!record.xtr_visible}
      disabled={isPending}
      onClick={stay}
      onChange={toggle}
      slotProps={{ input: { 'aria-label': translate('accounting.visibleOf', { name: record.name }) } }}
    />
  );
}

function DefaultMarker() {
  const record = useRecordContext();
  const translate = useTranslate();
  const provider = useAccountingProvider();
  const refresh = useRefresh();
  const make = useMutation({ mutationFn: (id: number) => provider.taxRateDefault(id), onSuccess: refresh });
  if (!record) return null;
  if (record.is_default)
    return (
      <Chip
        size="small"
        color="primary"
        icon={<StarIcon />}
        label={translate('accounting.isDefault')}
        aria-label={translate('accounting.defaultOf', { name: record.name })}
      />
    );
  return (
    <Button
      size="small"
      disabled={make.isPending}
      onClick={(e) => {
        stay(e);
        make.mutate(Number(record.id));
      }}
      aria-label={translate('accounting.makeDefaultOf', { name: record.name })}
    >
      {translate('accounting.setDefault')}
    </Button>
  );
}

export const taxRateColumns: Record<string, (field: FieldDef) => ReactElement> = {
  xtr_visible: (f) => <DataTable.Col key={f.name} source={f.name} label={f.label} disableSort={!f.sortable} render={() => <VisibleSwitch />} />,
  is_default: (f) => <DataTable.Col key={f.name} source={f.name} label={f.label} disableSort={!f.sortable} render={() => <DefaultMarker />} />,
};
