/**
 * The Sales tab of a job (SPEC.md point 3, job sales section): sections as cards, reordered by
 * dragging (or the keyboard: focus a handle, Space, arrows, Space), duplicated with the spec's
 * two notices, with the job's totals at the top. Every change answers the job's sales as they are
 * afterwards, so the tab simply shows the last answer.
 */
import type { ReactNode } from 'react';
import { Box, Button, IconButton, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import { useTranslate } from 'ra-core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ApiError } from '../../dataProvider/ApiError';
import { notify } from '../../notices/noticeStore';
import { useMoneyFormat } from './formatMoney';
import { useJobsProvider } from '../jobsProvider';
import { SalesSectionCard } from './SalesSectionCard';
import { SalesPdfMenu } from './SalesPdfMenu';
import { useCanSendToXero, XeroSendMenu } from './XeroSendMenu';
import { TotalsLine } from './TotalsLine';
import type { JobSales, SalesSection, SalesSectionWrite } from '../../../core/jobs/sales/types';

/** The query of one job's sales; its changes set it from their answers. */
export const salesKey = (jobId: number) => ['jobs', jobId, 'sales'] as const;

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
  const provider = useJobsProvider();
  const queryClient = useQueryClient();
  const key = salesKey(jobId);
  const { data: sales, refetch } = useQuery({ queryKey: key, queryFn: ({ signal }) => provider.jobSales(jobId, signal) });
  // Every change answers the job's sales as they are afterwards: that answer is the tab's data.
  const { mutateAsync, isPending: busy } = useMutation({
    mutationFn: (call: () => Promise<JobSales | null>) => call(),
    onSuccess: (next) => {
      if (next) queryClient.setQueryData(key, next);
    },
  });
  const money = useMoneyFormat(sales?.currency ?? 'GBP');
  const canSendToXero = useCanSendToXero();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  // The http client has shown the refusal; nothing more to do here.
  const run = (call: () => Promise<JobSales | null>) => void mutateAsync(call).catch(() => undefined);

  const save = async (s: SalesSection, body: SalesSectionWrite): Promise<Record<string, string> | null> => {
    try {
      await mutateAsync(() => provider.jobSalesUpdate(jobId, s.jss_id, body));
      return null;
    } catch (err) {
      // The fetch wrapper has shown the notice; the card marks the fields the server named.
      const fields = err instanceof ApiError ? ((err.body as { errors?: Record<string, string> } | undefined)?.errors ?? {}) : {};
      return Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, translate(v)]));
    }
  };

  const duplicate = async (s: SalesSection) => {
    try {
      const next = await mutateAsync(() => provider.jobSalesDuplicate(jobId, s.jss_id));
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
    queryClient.setQueryData(key, { ...sales, sections: order.map((id) => sales.sections.find((s) => s.jss_id === id) as SalesSection) });
    void mutateAsync(() => provider.jobSalesReorderSections(jobId, order)).catch(() => refetch());
  };

  if (!sales) return null;
  return (
    <Stack spacing={2} aria-label={t('sections')} component="div">
      <Stack direction="row" sx={{ alignItems: 'center' }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {t('sections')}
        </Typography>
        <Button variant="outlined" startIcon={<AddIcon />} disabled={busy} onClick={() => run(() => provider.jobSalesCreate(jobId, {}))}>
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
                  pdfMenu={<SalesPdfMenu jobId={jobId} jssId={s.jss_id} sectionType={s.jss_invoice_type} n={i + 1} />}
                  xeroMenu={canSendToXero && <XeroSendMenu jobId={jobId} section={s} n={i + 1} onSent={(next) => queryClient.setQueryData(key, next)} />}
                  onSave={(body) => save(s, body)}
                  onDelete={() => run(() => provider.jobSalesDelete(jobId, s.jss_id))}
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
