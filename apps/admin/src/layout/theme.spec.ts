import { createTheme, ThemeOptions } from '@mui/material';
import { withConsoleDefaults } from './theme-defaults';

const NO_RESULTS = 'no results';

/** docs/product.md §9 as the theme's defaults: tooltips, and the transitions of dialogs and form sections. */
describe.each<[string, ThemeOptions]>([
  ['plain', {}],
  ['light', { palette: { mode: 'light' }, transitions: { duration: { enteringScreen: 225, leavingScreen: 195 } }, components: { MuiTooltip: { defaultProps: { arrow: true } } } }],
])('the console theme over a %s theme', (_name, base) => {
  const options = withConsoleDefaults(base, NO_RESULTS);
  const theme = createTheme(options);

  it('opens every tooltip after 700 ms, the next one at once, 4 px from its anchor', () => {
    expect(theme.components?.MuiTooltip?.defaultProps).toMatchObject({ enterDelay: 700, enterNextDelay: 0 });
    const margins = Object.values(theme.components?.MuiTooltip?.styleOverrides?.tooltip as Record<string, Record<string, string>>);
    expect(margins.map((side) => Object.values(side))).toEqual([['4px'], ['4px'], ['4px'], ['4px']]);
    expect(Object.keys(theme.components?.MuiTooltip?.styleOverrides?.tooltip as object).map((selector) => /placement\*="(\w+)"/.exec(selector)?.[1])).toEqual([
      'left',
      'right',
      'top',
      'bottom',
    ]);
  });

  it('moves dialogs and expanding sections in 200 ms ease-in-out', () => {
    expect(theme.transitions.duration.enteringScreen).toBe(200);
    expect(theme.transitions.duration.leavingScreen).toBe(200);
    expect(theme.transitions.easing.easeInOut).toBe('cubic-bezier(0.4, 0, 0.2, 1)');
    expect(theme.components?.MuiDialog?.defaultProps?.transitionDuration).toBe(200);
    expect(theme.components?.MuiCollapse?.defaultProps).toMatchObject({ timeout: 200, easing: 'cubic-bezier(0.4, 0, 0.2, 1)' });
    expect(theme.components?.MuiAccordion?.defaultProps?.slotProps?.transition).toMatchObject({ timeout: 200 });
    // What Fade and Collapse write into the element's style.
    expect(theme.transitions.create('opacity', { duration: theme.transitions.duration.enteringScreen })).toBe('opacity 200ms cubic-bezier(0.4, 0, 0.2, 1) 0ms');
  });

  it('moves nothing when the system asks for reduced motion', () => {
    expect(theme.motion.reducedMotion).toBe('system');
  });

  it('keeps asking before unsaved changes are lost, and says why a table is empty in one place', () => {
    const components = options.components as Record<string, { defaultProps?: object }>;
    expect(components.RaSimpleForm?.defaultProps).toMatchObject({ warnWhenUnsavedChanges: true });
    expect(components.RaDataTable?.defaultProps).toMatchObject({ empty: NO_RESULTS });
    expect(components.RaSimpleList?.defaultProps).toMatchObject({ empty: NO_RESULTS });
  });
});
