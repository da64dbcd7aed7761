/** The dark-mode switch: auto (follows the OS) → light → dark → auto, saved in the user's settings. */
import { IconButton, Tooltip } from '@mui/material';
import BrightnessAutoIcon from '@mui/icons-material/BrightnessAuto';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import { useTranslate } from 'ra-core';
import { isLoggedIn } from '../auth/authStore';
import { useUpdateSetting } from '../usersettings/updateSetting';
import { useStoreValue } from '../util/createStore';
import { darkModeSetting, nextDarkMode, setDarkMode } from './themeMode';

const ICONS = { auto: BrightnessAutoIcon, light: LightModeIcon, dark: DarkModeIcon };

export function DarkModeButton() {
  const translate = useTranslate();
  const mode = useStoreValue(darkModeSetting);
  const Icon = ICONS[mode];
  const updateSetting = useUpdateSetting();
  const toggle = () => {
    const next = nextDarkMode(mode);
    setDarkMode(next);
    if (isLoggedIn()) void updateSetting('darkMode', next);
  };
  return (
    <Tooltip title={translate(`layout.darkModeState.${mode}`)}>
      <IconButton color="inherit" aria-label={translate('layout.darkMode')} data-mode={mode} onClick={toggle}>
        <Icon />
      </IconButton>
    </Tooltip>
  );
}
