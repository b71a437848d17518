import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Collapse, List, ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import { createElement, useState } from 'react';
import { Menu as RaMenu, useSidebarState, useTranslate } from 'react-admin';
import { useSession } from '../auth/useSession';
import { AREA_ICONS, GROUP_ICONS } from './area-icons';
import { MenuGroupEntry, MenuItemEntry, visibleMenu } from './menu';

const AreaItem = ({ entry }: { entry: MenuItemEntry }) => {
  const translate = useTranslate();
  const Icon = AREA_ICONS[entry.area];
  return (
    <RaMenu.Item
      to={entry.path}
      primaryText={translate(`resources.${entry.area}.name`, { smart_count: 2 })}
      leftIcon={Icon ? createElement(Icon) : undefined}
    />
  );
};

const Group = ({ entry }: { entry: MenuGroupEntry }) => {
  const translate = useTranslate();
  const [sidebarOpen] = useSidebarState();
  const [expanded, setExpanded] = useState(true);
  const label = translate(`fabquote.menu.${entry.group}`);
  return (
    <>
      <MenuItem onClick={() => setExpanded(!expanded)} aria-expanded={expanded} dense sx={{ color: 'text.secondary' }}>
        <ListItemIcon sx={{ minWidth: 40 }}>{createElement(GROUP_ICONS[entry.group])}</ListItemIcon>
        {sidebarOpen ? <ListItemText>{label}</ListItemText> : null}
        {expanded ? <ExpandLessIcon fontSize="small" /> : <ExpandMoreIcon fontSize="small" />}
      </MenuItem>
      <Collapse in={expanded} unmountOnExit>
        <List component="div" disablePadding aria-label={label} sx={{ pl: sidebarOpen ? 2 : 0 }}>
          {entry.entries.map((child) => (
            <AreaItem key={child.area} entry={child} />
          ))}
        </List>
      </Collapse>
    </>
  );
};

/** docs/product.md §2's navigation, each entry only with its view permission. */
export const Menu = () => {
  const { permissions } = useSession();
  return (
    <RaMenu>
      {visibleMenu(permissions).map((entry) => (entry.kind === 'item' ? <AreaItem key={entry.area} entry={entry} /> : <Group key={entry.group} entry={entry} />))}
    </RaMenu>
  );
};
