import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Box, ButtonBase, Button as MuiButton, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { useId, useMemo, useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { Figure } from './calculation-record';
import { exactOnDemand, expandablePaths, explanationRows, ExplanationRow, formatExact, formatFigure, toggledPaths } from './figure-explanation';

const Formula = ({ text, dense = false }: { text: string; dense?: boolean }) => (
  <Typography
    component="code"
    variant={dense ? 'caption' : 'body2'}
    sx={{ display: 'block', fontFamily: 'monospace', color: dense ? 'text.secondary' : 'text.primary', overflowWrap: 'anywhere' }}
  >
    {text}
  </Typography>
);

/**
 * A figure's value as shown (money to the cent), and when that leaves digits out, its exact value
 * on demand: in a tooltip on pointing or focusing, and written below it on a click or tap.
 */
const FigureValue = ({ figure, headline = false }: { figure: Figure; headline?: boolean }) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [showExact, setShowExact] = useState(false);
  const shown = formatFigure(figure, locale);
  const exact = exactOnDemand(figure);
  const variant = headline ? 'h5' : 'body2';
  if (!exact) {
    return (
      <Typography variant={variant} component={headline ? 'p' : 'span'} sx={{ whiteSpace: 'nowrap' }} data-testid="figure-value">
        {shown}
      </Typography>
    );
  }
  const exactText = translate('resources.calculations.explanation.exact', { value: formatExact(exact, figure.unit, locale) });
  return (
    <Box component="span" sx={{ display: 'inline-flex', flexDirection: 'column', alignItems: headline ? 'flex-start' : 'flex-end', minWidth: 0, maxWidth: '100%' }}>
      <Tooltip title={exactText} describeChild>
        <ButtonBase
          onClick={() => setShowExact((shownNow) => !shownNow)}
          aria-expanded={showExact}
          data-testid="figure-value"
          sx={{ typography: variant, borderRadius: 0.5, whiteSpace: 'nowrap', textDecoration: 'underline dotted', textUnderlineOffset: 3, '&:hover': { bgcolor: 'action.hover' } }}
        >
          {shown}
        </ButtonBase>
      </Tooltip>
      {showExact ? (
        <Typography variant="caption" color="text.secondary" component="span" sx={{ overflowWrap: 'anywhere' }} data-testid="figure-exact">
          {exactText}
        </Typography>
      ) : null}
    </Box>
  );
};

const InputRow = ({ row, onToggle }: { row: ExplanationRow; onToggle: (path: string) => void }) => {
  const translate = useTranslate();
  return (
    <Stack
      direction="row"
      role="treeitem"
      aria-level={row.depth + 1}
      aria-expanded={row.expandable ? row.expanded : undefined}
      sx={{ pl: row.depth * 3, py: 0.5, alignItems: 'flex-start', gap: 0.5, borderBottom: 1, borderColor: 'divider' }}
    >
      <Box sx={{ width: 32, flexShrink: 0 }}>
        {row.expandable ? (
          <IconButton
            size="small"
            onClick={() => onToggle(row.path)}
            aria-label={translate(row.expanded ? 'resources.calculations.explanation.close' : 'resources.calculations.explanation.open', { name: row.name })}
          >
            {row.expanded ? <ExpandMoreIcon fontSize="small" /> : <ChevronRightIcon fontSize="small" />}
          </IconButton>
        ) : null}
      </Box>
      <Box sx={{ flex: 1, minWidth: 0, pt: 0.5 }}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 2 }}>
          <Typography variant="body2" sx={{ fontWeight: row.figure ? 600 : 400 }}>
            {row.name}
          </Typography>
          {row.figure ? (
            <FigureValue figure={row.figure} />
          ) : (
            <Typography variant="body2" sx={{ textAlign: 'right' }}>
              {row.text}
            </Typography>
          )}
        </Stack>
        {row.figure && row.figure.formula ? <Formula text={`= ${row.figure.formula}`} dense /> : null}
      </Box>
    </Stack>
  );
};

/** How a figure is made up: its formula, then its inputs, each input figure opening to its own, to any depth. */
export const FigureExplanation = ({ figure }: { figure: Figure }) => {
  const translate = useTranslate();
  const [expanded, setExpanded] = useState<Set<string>>(() => new Set());
  const all = useMemo(() => expandablePaths(figure), [figure]);
  const rows = explanationRows(figure, expanded);
  return (
    <Box>
      <FigureValue figure={figure} headline />
      <Box sx={{ mt: 1, p: 1.5, bgcolor: 'action.hover', borderRadius: 1 }}>
        <Typography variant="overline" color="text.secondary" component="p">
          {translate('resources.calculations.explanation.formula')}
        </Typography>
        <Formula text={figure.formula} />
      </Box>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mt: 2 }}>
        <Typography variant="overline" color="text.secondary">
          {translate('resources.calculations.explanation.inputs')}
        </Typography>
        {all.size > 0 ? (
          <Stack direction="row" sx={{ gap: 1 }}>
            <MuiButton size="small" onClick={() => setExpanded(new Set(all))} disabled={expanded.size === all.size}>
              {translate('resources.calculations.explanation.expand_all')}
            </MuiButton>
            <MuiButton size="small" onClick={() => setExpanded(new Set())} disabled={expanded.size === 0}>
              {translate('resources.calculations.explanation.collapse_all')}
            </MuiButton>
          </Stack>
        ) : null}
      </Stack>
      {rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate('resources.calculations.explanation.no_inputs')}
        </Typography>
      ) : (
        <Box role="tree" aria-label={translate('resources.calculations.explanation.inputs')}>
          {rows.map((row) => (
            <InputRow key={row.path} row={row} onToggle={(path) => setExpanded((current) => toggledPaths(current, path))} />
          ))}
        </Box>
      )}
    </Box>
  );
};

export interface ExplainedFigure {
  /** Names the figure: "Material per piece at 25 pieces". */
  title: string;
  figure: Figure;
}

/** The explanation in a dialog, opened by clicking a figure. */
export const FigureExplanationDialog = ({ explained, onClose }: { explained: ExplainedFigure | null; onClose: () => void }) => {
  const translate = useTranslate();
  const titleId = useId();
  return (
    <Dialog open={explained !== null} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      {explained ? (
        <>
          <DialogTitle id={titleId}>{explained.title}</DialogTitle>
          <DialogContent dividers>
            <FigureExplanation key={explained.title} figure={explained.figure} />
          </DialogContent>
        </>
      ) : null}
      <DialogActions>
        <MuiButton onClick={onClose}>{translate('ra.action.close')}</MuiButton>
      </DialogActions>
    </Dialog>
  );
};
