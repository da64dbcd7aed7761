import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { allFeatures } from '../../../core/brand/types';
import type { InvoiceType } from '../../../core/enums';
import { renderWithApp, testBrand } from '../../test/renderWithApp';
import type { SalesPdf } from '../jobsProvider';
import { SalesPdfMenu } from './SalesPdfMenu';

describe('SalesPdfMenu', () => {
  const pdf: SalesPdf = { blob: new Blob(['%PDF-1.3'], { type: 'application/pdf' }), fileName: 'Quote-AC000123-7.pdf' };
  // The menu's data provider methods; jobsProvider.ts holds what each one sends.
  const provider = {
    jobSalesPdf: vi.fn<(jobId: number, jssId: number, type?: InvoiceType) => Promise<SalesPdf | null>>(),
    salesPdfDraft: vi.fn<(pdf: SalesPdf, subject: string) => Promise<number | null>>(),
  };
  const save = vi.fn<(blob: Blob, name: string) => void>();
  beforeEach(() => {
    for (const fn of [...Object.values(provider), save]) fn.mockReset();
  });

  const renderMenu = (sectionType: InvoiceType = 'QUOTE', brand = testBrand()) =>
    renderWithApp(<SalesPdfMenu jobId={5} jssId={7} sectionType={sectionType} n={2} save={save} />, { dataProvider: provider, brand });

  it('downloads the section as a quote or an invoice', async () => {
    provider.jobSalesPdf.mockResolvedValue(pdf);
    await renderMenu();
    fireEvent.click(screen.getByRole('button', { name: 'PDF of sales section 2' }));
    const items = screen.getAllByRole('menuitem').map((i) => i.textContent);
    expect(items).toEqual(['Download as quote', 'Download as invoice', 'Attach to a new mail']);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Download as invoice' }));
    await waitFor(() => expect(save).toHaveBeenCalledWith(pdf.blob, 'Quote-AC000123-7.pdf'));
    expect(provider.jobSalesPdf).toHaveBeenCalledWith(5, 7, 'INVOICE');
  });

  it('works by keyboard', async () => {
    provider.jobSalesPdf.mockResolvedValue(pdf);
    const user = userEvent.setup();
    await renderMenu();
    screen.getByRole('button', { name: 'PDF of sales section 2' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Download as quote' })).toHaveFocus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(provider.jobSalesPdf).toHaveBeenCalledWith(5, 7, 'QUOTE'));
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('attaches the PDF to a new mail draft in one click and opens it', async () => {
    provider.jobSalesPdf.mockResolvedValue(pdf);
    provider.salesPdfDraft.mockResolvedValue(77);
    await renderMenu();
    fireEvent.click(screen.getByRole('button', { name: 'PDF of sales section 2' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Attach to a new mail' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/email/draft/77'));
    // No type: the section prints as what it is.
    expect(provider.jobSalesPdf).toHaveBeenCalledWith(5, 7);
    expect(provider.salesPdfDraft).toHaveBeenCalledWith(pdf, 'Quote AC000123-7');
    expect(save).not.toHaveBeenCalled();
  });

  it('offers a credit note as what it is, and no mail where the brand has none', async () => {
    const features = allFeatures(true);
    features.mail.enabled = false;
    await renderMenu('CREDIT_NOTE', testBrand(features));
    fireEvent.click(screen.getByRole('button', { name: 'PDF of sales section 2' }));
    expect(screen.getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['Download as quote', 'Download as invoice', 'Download as credit note']);
  });
});
