/** The menu as data: top-level items, then the Data, Admin, Dev and Google groups, each only with
 *  the entries whose gates pass for this user and brand; an empty group is left out. */
import type { FeatureTree } from '../../core/access/access';
import type { Role } from '../../core/access/roles';
import { canOpen } from '../routes/guard';
import { ROUTES } from '../routes/routeTable';
import type { AppRoute, MenuGroup, MenuIcon } from '../routes/types';

export interface MenuItem {
  id: string;
  path: string;
  title: string;
  icon: MenuIcon;
}

export interface MenuModel {
  top: MenuItem[];
  groups: { group: Exclude<MenuGroup, 'top'>; title: string; items: MenuItem[] }[];
}

/** A menu link opens a page without its optional parts: '/email/:id?' links to '/email'. */
export function linkPath(pattern: string): string {
  return pattern.replace(/\/:[^/]+\?/g, '') || '/';
}

export const GROUP_ORDER = ['data', 'admin', 'dev', 'google'] as const;

export function buildMenu(role: Role | null | undefined, features: FeatureTree | null | undefined, routes: readonly AppRoute[] = ROUTES): MenuModel {
  const visible = routes.filter((r) => r.menu && r.layout === 'main' && canOpen(r, role, features)).sort((a, b) => (a.menu?.order ?? 0) - (b.menu?.order ?? 0));
  const itemsOf = (group: MenuGroup): MenuItem[] =>
    visible.filter((r) => r.menu?.group === group).map((r) => ({ id: r.id, path: linkPath(r.path), title: r.title, icon: r.menu!.icon }));
  return {
    top: itemsOf('top'),
    groups: GROUP_ORDER.map((group) => ({ group, title: `menu.groups.${group}`, items: itemsOf(group) })).filter((g) => g.items.length > 0),
  };
}
