/**
 * The Sales tab of a job (SPEC.md point 3, job sales section): sections as cards, reordered by
 * dragging (or the keyboard: focus a handle, Space, arrows, Space), duplicated with the spec's
 * two notices, with the job's totals at the top. Every change answers the job's sales as they are
 * afterwards, so the tab simply shows the last answer.
 */
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Box, Button, IconButton, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import { useTranslate } from 'ra-core';
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ApiError } from '../../dataProvider/ApiError';
import { notify } from '../../notices/noticeStore';
import { useMoneyFormat } from './formatMoney';
import { salesApi } from './salesApi';
import { SalesSectionCard } from './SalesSectionCard';
import { TotalsLine } from './TotalsLine';
import type { JobSales, SalesSection, SalesSectionWrite } from '../../../core/jobs/sales/types';

function SortableSection({ id, label, children }: { id: number; label: string; children: (handle: ReactNode) => ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition } = useSortable({ id });
  return (
    <Box ref={setNodeRef} sx={{ transform: CSS.Transform.toString(transform), transition }}>
      {children(
        <IconButton ref={setActivatorNodeRef} size="small" {...attributes} {...listeners} aria-label={label} sx={{ cursor: 'grab' }}>
          <DragIndicatorIcon fontSize="small" />
        </IconButton>,
      )}
    </Box>
  );
}

export function SalesTab({ jobId }: { jobId: number }) {
  const translate = useTranslate();
  const t = (key: string, opts?: Record<string, unknown>) => translate(`salesCosts.sales.${key}`, opts);
  const [sales, setSales] = useState<JobSales | null>(null);
  const [busy, setBusy] = useState(false);
  const money = useMoneyFormat(sales?.currency ?? 'GBP');
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const run = useCallback(async (call: () => Promise<JobSales | null>) => {
    setBusy(true);
    try {
      const next = await call();
      if (next) setSales(next);
      return next;
    } finally {
      setBusy(false);
    }
  }, []);

  useEffect(() => {
    void run(() => salesApi.load(jobId)).catch(() => undefined);
  }, [jobId, run]);

  const save = async (s: SalesSection, body: SalesSectionWrite): Promise<Record<string, string> | null> => {
    try {
      await run(() => salesApi.update(jobId, s.jss_id, body));
      return null;
    } catch (err) {
      // The fetch wrapper has shown the notice; the card marks the fields the server named.
      const fields = err instanceof ApiError ? ((err.body as { errors?: Record<string, string> } | undefined)?.errors ?? {}) : {};
      return Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, translate(v)]));
    }
  };

  const duplicate = async (s: SalesSection) => {
    try {
      const next = await run(() => salesApi.duplicate(jobId, s.jss_id));
      notify(next ? 'success' : 'error', t(next ? 'duplicated' : 'duplicateFailed'));
    } catch {
      notify('error', t('duplicateFailed'));
    }
  };

  const onDragEnd = (e: DragEndEvent) => {
    if (!sales || !e.over || e.active.id === e.over.id) return;
    const ids = sales.sections.map((s) => s.jss_id);
    const order = arrayMove(ids, ids.indexOf(Number(e.active.id)), ids.indexOf(Number(e.over.id)));
    // Show the new order at once; the answer (or a reload after a refusal) settles it.
    setSales({ ...sales, sections: order.map((id) => sales.sections.find((s) => s.jss_id === id) as SalesSection) });
    void run(() => salesApi.reorderSections(jobId, order)).catch(() => run(() => salesApi.load(jobId)));
  };

  if (!sales) return null;
  return (
    <Stack spacing={2} aria-label={t('sections')} component="div">
      <Stack direction="row" sx={{ alignItems: 'center' }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {t('sections')}
        </Typography>
        <Button variant="outlined" startIcon={<AddIcon />} disabled={busy} onClick={() => void run(() => salesApi.create(jobId, {})).catch(() => undefined)}>
          {t('addSection')}
        </Button>
      </Stack>
      <TotalsLine
        label={t('jobTotals')}
        totals={sales.totals}
        money={money}
        extra={[
          { label: t('netQuote'), value: sales.net_quote },
          { label: t('netSales'), value: sales.net_sales },
        ]}
      />
      {sales.sections.length === 0 && <Typography>{t('empty')}</Typography>}
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        <SortableContext items={sales.sections.map((s) => s.jss_id)} strategy={verticalListSortingStrategy}>
          {sales.sections.map((s, i) => (
            <SortableSection key={s.jss_id} id={s.jss_id} label={t('dragSection', { n: i + 1 })}>
              {(handle) => (
                <SalesSectionCard
                  section={s}
                  index={i}
                  money={money}
                  busy={busy}
                  dragHandle={handle}
                  onSave={(body) => save(s, body)}
                  onDelete={() => void run(() => salesApi.remove(jobId, s.jss_id)).catch(() => undefined)}
                  onDuplicate={() => void duplicate(s)}
                />
              )}
            </SortableSection>
          ))}
        </SortableContext>
      </DndContext>
    </Stack>
  );
}
