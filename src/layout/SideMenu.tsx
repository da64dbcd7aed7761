/** The menu: top-level items, then the Data, Admin, Dev and Google groups this user may open. */
import { List, ListItem, ListItemButton, ListItemIcon, ListItemText, ListSubheader } from '@mui/material';
import { NavLink, useLocation } from 'react-router-dom';
import { useTranslate } from 'ra-core';
import { useAuth } from '../auth/authStore';
import { useBrand } from '../brand/BrandContext';
import { buildMenu, type MenuItem } from './menuModel';
import { MENU_ICONS } from './menuIcons';
import { MENU_COUNTS } from './menuCounts';

function Entry({ item, onNavigate }: { item: MenuItem; onNavigate?: () => void }) {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const Icon = MENU_ICONS[item.icon];
  const Count = MENU_COUNTS[item.id];
  const active = pathname === item.path || pathname.startsWith(`${item.path}/`);
  return (
    <ListItem disablePadding>
      <ListItemButton component={NavLink} to={item.path} selected={active} onClick={onNavigate} dense>
        <ListItemIcon sx={{ minWidth: 36 }}>
          <Icon fontSize="small" />
        </ListItemIcon>
        <ListItemText primary={translate(item.title)} />
        {Count && <Count />}
      </ListItemButton>
    </ListItem>
  );
}

export function SideMenu({ onNavigate }: { onNavigate?: () => void }) {
  const translate = useTranslate();
  const { user } = useAuth();
  const { features } = useBrand();
  const menu = buildMenu(user?.role, features);
  return (
    <nav aria-label={translate('menu.label')}>
      <List dense disablePadding>
        {menu.top.map((item) => (
          <Entry key={item.id} item={item} onNavigate={onNavigate} />
        ))}
      </List>
      {menu.groups.map((group) => (
        <List
          key={group.group}
          dense
          disablePadding
          aria-labelledby={`menu-group-${group.group}`}
          subheader={
            <ListSubheader id={`menu-group-${group.group}`} sx={{ lineHeight: '32px', mt: 1 }}>
              {translate(group.title)}
            </ListSubheader>
          }
        >
          {group.items.map((item) => (
            <Entry key={item.id} item={item} onNavigate={onNavigate} />
          ))}
        </List>
      ))}
    </nav>
  );
}
