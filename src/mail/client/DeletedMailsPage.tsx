/** /dev/deleted-mails: the mails marked deleted in the user's accounts, each with Restore. */
import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Pagination, Stack, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { isFeatureOn } from '../../../core/access/access';
import { useBrand } from '../../brand/BrandContext';
import { notify } from '../../notices/noticeStore';
import { PageFrame } from '../../pages/PageFrame';
import type { PageProps } from '../../pages/types';
import { MailTable } from './MailTable';
import { useMailProvider } from './mailProvider';

const PAGE = 50;

export function DeletedMailsPage({ title }: PageProps) {
  const t = useTranslate();
  const [page, setPage] = useState(1);
  const provider = useMailProvider();
  const { data, refetch } = useQuery({
    queryKey: ['mails', 'deleted', page],
    queryFn: () => provider.mailDeleted(page, PAGE),
    // Another page replaces the shown one when it arrives, as a table does.
    placeholderData: keepPreviousData,
  });
  const load = () => void refetch();
  const finalDelete = isFeatureOn(useBrand().features, 'mail.finalDeleteIsAllowed');
  async function deleteForGood(id: number) {
    if (await provider.mailFinalDelete([id])) load();
  }
  async function restore(id: number) {
    if (!(await provider.mailSetFlags(id, { is_deleted: false }))) return;
    notify('success', t('mailClient.deleted.restored'));
    load();
  }
  return (
    <PageFrame title={title}>
      {data && !data.rows.length && <Typography>{t('mailClient.deleted.empty')}</Typography>}
      {data && data.rows.length > 0 && (
        <Stack spacing={2}>
          <MailTable
            rows={data.rows}
            label={title}
            action={(r) => (
              <Stack direction="row" spacing={1} justifyContent="flex-end">
                <Button onClick={() => void restore(r.ma_id)}>{t('mailClient.actions.restore')}</Button>
                {finalDelete && (
                  <Button color="error" onClick={() => void deleteForGood(r.ma_id)}>
                    {t('mailClient.actions.finalDelete')}
                  </Button>
                )}
              </Stack>
            )}
          />
          {data.total > PAGE && <Pagination count={Math.ceil(data.total / PAGE)} page={page} onChange={(_e, p) => setPage(p)} />}
        </Stack>
      )}
    </PageFrame>
  );
}
