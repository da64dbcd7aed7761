/** A generic resource's two routes (its list in the menu, its item), named and titled by their ids. */
import type { ResourceDef } from '../../core/resources/engine/types';
import type { AppRoute, BlockId, MenuGroup, MenuIcon, PageKind } from './types';

export interface ResourceRouteIds {
  /** Ids of the list and item routes; their titles are `pages.{id}`. */
  list: string;
  item: string;
  block: BlockId;
  menu: { group: MenuGroup; order: number; icon: MenuIcon };
  /** A hand-built item page instead of the generic one. */
  itemPage?: PageKind;
}

export function resourceRoutes(def: Pick<ResourceDef, 'name' | 'listPath' | 'itemPath' | 'gate'>, ids: ResourceRouteIds): Omit<AppRoute, 'layout'>[] {
  const shared = { resource: def.name, block: ids.block, gate: def.gate };
  return [
    {
      id: ids.list,
      path: def.listPath,
      title: `pages.${ids.list}`,
      page: 'resourceList',
      ...shared,
      menu: ids.menu,
    },
    { id: ids.item, path: `${def.itemPath}/:id?`, title: `pages.${ids.item}`, page: ids.itemPage ?? 'resourceItem', ...shared },
  ];
}
