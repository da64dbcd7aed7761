/** Any path no route claims: the not-found page ('Oops. Nothing here...'). */
import { useTranslate } from 'ra-core';
import { productNameOf, useBrand } from '../brand/BrandContext';
import { NotFoundPage } from '../pages/NotFoundPage';
import { useDocumentTitle } from './pageTitle';

export function CatchAllPage() {
  const translate = useTranslate();
  const title = translate('pages.notFound');
  useDocumentTitle(title, productNameOf(useBrand(), ''));
  return <NotFoundPage title={title} />;
}
