import { ThemeOptions, tooltipClasses } from '@mui/material';
import { ReactNode } from 'react';

/** A component's entry in a theme, react-admin's (`RaDataTable`) as MUI's; this file is plain MUI, so unit tests can load it. */
type ComponentEntry = { defaultProps?: Record<string, unknown>; styleOverrides?: Record<string, unknown> } | undefined;

/** docs/product.md §9: a tooltip opens after 700 ms, 4 px from what it explains. */
export const TOOLTIP_OPEN_DELAY_MS = 700;
export const TOOLTIP_OFFSET_PX = 4;
/**
 * A tooltip shown soon after another opens at once (§9's 300 ms skip window): MUI opens the next one after
 * `enterNextDelay` while its own window (800 ms after the last one closed, fixed in MUI) lasts; docs/design.md.
 */
export const TOOLTIP_NEXT_DELAY_MS = 0;
/** docs/product.md §9: dialogs and expanding form sections move in 200 ms, ease-in-out. */
export const FORM_TRANSITION_MS = 200;
export const EASE_IN_OUT = 'cubic-bezier(0.4, 0, 0.2, 1)';

const offset = `${TOOLTIP_OFFSET_PX}px`;

/**
 * react-admin's own light and dark looks, with what every screen of the console does by default:
 * - leaving a form with unsaved changes asks first (`warnWhenUnsavedChanges`; it needs the data router
 *   of App.tsx). A form can still say otherwise;
 * - tooltips (§9): open after 700 ms, the next one at once, 4 px away — here, not per button;
 * - dialogs (their fade), drawers and expanding sections (Collapse, Accordion) take 200 ms ease-in-out;
 *   none of it moves when the system asks for reduced motion (`motion.reducedMotion: 'system'`: MUI's
 *   transitions then take 0 ms, following the media query `prefers-reduced-motion` as it changes);
 * - a table or a phone's lines with no row: 'No results found' when filtered, else 'No data found' (NoResults).
 */
export function withConsoleDefaults<T extends ThemeOptions>(theme: T, noResults: ReactNode): T {
  const components = (theme.components ?? {}) as Record<string, ComponentEntry>;
  const accordionSlots = components.MuiAccordion?.defaultProps?.slotProps as Record<string, unknown> | undefined;
  return {
    ...theme,
    motion: { ...theme.motion, reducedMotion: 'system' },
    transitions: {
      ...theme.transitions,
      duration: { ...theme.transitions?.duration, enteringScreen: FORM_TRANSITION_MS, leavingScreen: FORM_TRANSITION_MS },
      easing: { ...theme.transitions?.easing, easeInOut: EASE_IN_OUT },
    },
    components: {
      ...components,
      RaSimpleForm: { ...components.RaSimpleForm, defaultProps: { ...components.RaSimpleForm?.defaultProps, warnWhenUnsavedChanges: true } },
      RaDataTable: { ...components.RaDataTable, defaultProps: { ...components.RaDataTable?.defaultProps, empty: noResults } },
      RaSimpleList: { ...components.RaSimpleList, defaultProps: { ...components.RaSimpleList?.defaultProps, empty: noResults } },
      MuiTooltip: {
        ...components.MuiTooltip,
        defaultProps: { ...components.MuiTooltip?.defaultProps, enterDelay: TOOLTIP_OPEN_DELAY_MS, enterNextDelay: TOOLTIP_NEXT_DELAY_MS },
        styleOverrides: {
          ...components.MuiTooltip?.styleOverrides,
          // MUI puts 14 px between a tooltip and its anchor, on the side it opens to.
          tooltip: {
            [`.${tooltipClasses.popper}[data-popper-placement*="left"] &`]: { marginInlineEnd: offset },
            [`.${tooltipClasses.popper}[data-popper-placement*="right"] &`]: { marginInlineStart: offset },
            [`.${tooltipClasses.popper}[data-popper-placement*="top"] &`]: { marginBottom: offset },
            [`.${tooltipClasses.popper}[data-popper-placement*="bottom"] &`]: { marginTop: offset },
          },
        },
      },
      MuiDialog: { ...components.MuiDialog, defaultProps: { ...components.MuiDialog?.defaultProps, transitionDuration: FORM_TRANSITION_MS } },
      MuiCollapse: { ...components.MuiCollapse, defaultProps: { ...components.MuiCollapse?.defaultProps, timeout: FORM_TRANSITION_MS, easing: EASE_IN_OUT } },
      // An accordion asks its Collapse for a height-dependent duration ('auto'); sections take the same 200 ms.
      MuiAccordion: {
        ...components.MuiAccordion,
        defaultProps: {
          ...components.MuiAccordion?.defaultProps,
          slotProps: { ...accordionSlots, transition: { timeout: FORM_TRANSITION_MS, easing: EASE_IN_OUT } },
        },
      },
    },
  } as T;
}
