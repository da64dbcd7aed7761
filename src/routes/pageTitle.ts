/**
 * The title of the page on screen: the document title is '<page title> | <productName>', and a
 * 403 from the API reports it as the not-allowed page's ?name=.
 */
import { useEffect } from 'react';
import { createStore } from '../util/createStore';

export const currentPageTitle = createStore('');

export function documentTitle(pageTitle: string, productName: string): string {
  return pageTitle ? `${pageTitle} | ${productName}` : productName;
}

export function useDocumentTitle(pageTitle: string, productName: string): void {
  useEffect(() => {
    currentPageTitle.set(pageTitle);
    document.title = documentTitle(pageTitle, productName);
  }, [pageTitle, productName]);
}
