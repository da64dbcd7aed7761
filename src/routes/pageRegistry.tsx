/** Which component renders each kind of page of the route table. */
import type { ComponentType } from 'react';
import { LoginPage } from '../auth/LoginPage';
import { BlockIndexPage } from '../pages/BlockIndexPage';
import { ConnectReturnPage } from '../pages/ConnectReturnPage';
import { ErrorListPage } from '../pages/ErrorListPage';
import { HomePage } from '../pages/HomePage';
import { NotAllowedPage } from '../pages/NotAllowedPage';
import { NotFoundContent } from '../pages/NotFoundPage';
import { PublicFrame } from '../pages/PageFrame';
import { TemporaryErrorPage } from '../pages/TemporaryErrorPage';
import { TitledPage } from '../pages/TitledPage';
import type { PageProps } from '../pages/types';
import { ResourceItemPage } from '../resources/engine/ResourceItemPage';
import { ResourceListPage } from '../resources/engine/ResourceListPage';
import type { PageKind } from './types';

function PublicNotFound({ title }: PageProps) {
  return (
    <PublicFrame title={title}>
      <NotFoundContent />
    </PublicFrame>
  );
}

export const PAGES: Record<PageKind, ComponentType<PageProps>> = {
  home: HomePage,
  frame: TitledPage,
  login: LoginPage,
  notFound: PublicNotFound,
  notAllowed: NotAllowedPage,
  temporaryError: TemporaryErrorPage,
  microsoftConnect: ConnectReturnPage,
  googleConnect: ConnectReturnPage,
  errorList: ErrorListPage,
  blockIndex: BlockIndexPage,
  resourceList: ResourceListPage,
  resourceItem: ResourceItemPage,
};
