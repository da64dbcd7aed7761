/**
 * Any path no route claims: the not-found page ('Oops. Nothing here...'), in the app's frame for a
 * signed-in user and in the brand's public frame (logo and name, as /not-found-404) for anyone else.
 */
import { useTranslate } from 'ra-core';
import { useAuth } from '../auth/authStore';
import { productNameOf, useBrand } from '../brand/BrandContext';
import { NotFoundContent, NotFoundPage } from '../pages/NotFoundPage';
import { PublicFrame } from '../pages/PageFrame';
import { useDocumentTitle } from './pageTitle';

export function CatchAllPage() {
  const translate = useTranslate();
  const signedIn = !!useAuth().user;
  const title = translate('pages.notFound');
  useDocumentTitle(title, productNameOf(useBrand(), ''));
  if (signedIn) return <NotFoundPage title={title} />;
  return (
    <PublicFrame title={title}>
      <NotFoundContent />
    </PublicFrame>
  );
}
