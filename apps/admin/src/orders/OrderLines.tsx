import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import NotesIcon from '@mui/icons-material/Notes';
import PostAddIcon from '@mui/icons-material/PostAdd';
import { Alert, Box, Chip, IconButton, LinearProgress, Button as MuiButton, Stack, Typography } from '@mui/material';
import { ReactElement, ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import {
  Form,
  Link,
  required,
  TextInput,
  useCanAccess,
  useDataProvider,
  useDelete,
  useGetList,
  useLocaleState,
  useNotify,
  useRefresh,
  useBlocker,
  useTranslate,
} from 'react-admin';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import type { Calculation } from '../api/contracts';
import { api } from '../api/http-client';
import { recordPath } from '../routing/route-table';
import { DeleteConfirmationDialog } from '../shared/DeleteConfirmationDialog';
import { formatMoney, formatQuantity } from '../shared/format';
import { NumberInput } from '../shared/NumberInput';
import { sameNumber } from '../shared/numbers';
import { useApiAction } from '../shared/useApiAction';
import { useNotifyError } from '../shared/useErrorNotice';
import { maxText, nonNegativeNumber, positiveNumber } from '../shared/validators';
import { AddLineDialog } from './AddLineDialog';
import { CalculationChoice, useWhatIfCalculations } from './CalculationChoice';
import { chosenCalculation, isDraft, LineKind, lineEditPayload, movedLines, OrderLine, OrderRecord, priceSourceText } from './order-record';

/** The layout of a line: a card on phones and tablets (two columns), one row of a table from 1200 px on. */
const LINE_AREAS = {
  small: { product: `"pos actions" "desc desc" "qty unit" "price disc" "amount amount"`, text: `"pos actions" "desc desc"` },
  large: { product: `"pos desc qty unit price disc amount actions"`, text: `"pos desc desc desc desc desc desc actions"` },
};

const lineSx = (kind: LineKind) => {
  const areas = kind === 'text' ? 'text' : 'product';
  return {
    display: 'grid',
    gap: 1,
    alignItems: 'start',
    p: 1.5,
    border: 1,
    borderColor: 'divider',
    borderRadius: 1,
    bgcolor: kind === 'text' ? 'action.hover' : 'background.paper',
    gridTemplateColumns: { xs: 'minmax(0, 1fr) minmax(0, 1fr)', lg: '76px minmax(160px, 1fr) 110px 80px 150px 90px 110px auto' },
    gridTemplateAreas: { xs: LINE_AREAS.small[areas], lg: LINE_AREAS.large[areas] },
  } as const;
};

/** What a line's price was taken from: the calculation's tier, a what-if (marked), a bulk band, an own price with its reason. */
const PriceSource = ({ line, currency }: { line: OrderLine; currency: string }) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const source = priceSourceText(line);
  if (!source) return null;
  const pieces = source.quantity === null || source.quantity === undefined ? '--' : translate('resources.orders.lines.pieces', { quantity: formatQuantity(source.quantity, locale) });
  const text = translate(`resources.items.price_source.${source.key}`, {
    quantity: pieces,
    reason: source.reason ?? '',
    taken: formatMoney(source.taken, locale, currency, 4),
  });
  return (
    <Stack direction="row" sx={{ gap: 0.5, alignItems: 'center', flexWrap: 'wrap', mt: 0.5 }} data-testid="line-price-source">
      {source.key === 'what_if' ? <Chip size="small" color="warning" label={translate('resources.orders.lines.what_if')} /> : null}
      <Typography variant="caption" color="text.secondary">
        {text}
      </Typography>
    </Stack>
  );
};

interface LineProps {
  line: OrderLine;
  index: number;
  count: number;
  order: OrderRecord;
  editable: boolean;
  whatIfs: readonly Calculation[];
  moving: boolean;
  onMove: (index: number, by: -1 | 1) => void;
  onDirty: (id: string, dirty: boolean) => void;
}

/** Tells the list whether this line's form holds changes not saved (and that it holds none once gone). */
const ReportChanges = ({ id, onDirty }: { id: string; onDirty: LineProps['onDirty'] }) => {
  const { isDirty, isSubmitSuccessful } = useFormState();
  const changed = isDirty && !isSubmitSuccessful;
  useEffect(() => onDirty(id, changed), [id, changed, onDirty]);
  useEffect(() => () => onDirty(id, false), [id, onDirty]);
  return null;
};

/**
 * Leaving the page while a line holds changes not saved asks first, as every form of the console does (one
 * blocker for all the lines: a router holds one at a time); closing the tab too.
 */
function useLinesGuard(changed: boolean): void {
  const translate = useTranslate();
  const blocker = useBlocker(({ currentLocation, nextLocation }) => changed && currentLocation.pathname !== nextLocation.pathname);
  const blocked = blocker.state === 'blocked';
  useEffect(() => {
    if (!blocked) return;
    if (window.confirm(translate('ra.message.unsaved_changes'))) blocker.proceed?.();
    else blocker.reset?.();
    // Asked once per blocked navigation: the blocker object is new on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [blocked, translate]);
  useEffect(() => {
    if (!changed) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [changed]);
}

/** Move up / Move down: buttons with names, reachable by Tab and pressed with Enter or Space. */
const MoveButtons = ({ line, index, count, moving, onMove }: Pick<LineProps, 'line' | 'index' | 'count' | 'moving' | 'onMove'>) => {
  const translate = useTranslate();
  return (
    <Stack direction="row" sx={{ alignItems: 'center' }}>
      <Typography variant="body2" sx={{ minWidth: 24, fontWeight: 600 }} aria-hidden>
        {line.position}
      </Typography>
      <IconButton
        size="small"
        aria-label={translate('resources.orders.lines.move_up', { position: line.position })}
        disabled={moving || index === 0}
        onClick={() => onMove(index, -1)}
        data-move={`${line.id}:up`}
      >
        <ArrowUpwardIcon fontSize="small" />
      </IconButton>
      <IconButton
        size="small"
        aria-label={translate('resources.orders.lines.move_down', { position: line.position })}
        disabled={moving || index === count - 1}
        onClick={() => onMove(index, 1)}
        data-move={`${line.id}:down`}
      >
        <ArrowDownwardIcon fontSize="small" />
      </IconButton>
    </Stack>
  );
};

const lineName = (line: OrderLine) => (line.kind === 'product' ? (line.productName ?? '') : (line.text ?? '').split('\n')[0].slice(0, 60));

/** Deleting a line asks first (the word DELETE, as every delete); the totals follow. */
const DeleteLineButton = ({ line }: { line: OrderLine }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const refresh = useRefresh();
  const { canAccess } = useCanAccess({ resource: 'items', action: 'delete' });
  const [deleteOne, { isPending }] = useDelete();
  const [open, setOpen] = useState(false);
  if (!canAccess) return null;
  const confirm = () =>
    deleteOne(
      'items',
      { id: line.id, previousData: line },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setOpen(false);
          notify('resources.orders.lines.deleted', { type: 'info' });
          refresh();
        },
        onError: (error) => notifyError(error, 'fabquote.errors.delete_failed'),
      },
    );
  return (
    <>
      <IconButton size="small" color="error" aria-label={translate('resources.orders.lines.delete', { position: line.position })} onClick={() => setOpen(true)}>
        <DeleteIcon fontSize="small" />
      </IconButton>
      <DeleteConfirmationDialog
        open={open}
        title={translate('resources.orders.lines.delete_title', { position: line.position, name: lineName(line) })}
        pending={isPending}
        onClose={() => setOpen(false)}
        onConfirm={confirm}
      />
    </>
  );
};

/** Save and Discard, shown while the line holds changes; Enter in a field saves too. */
const LineFormButtons = () => {
  const { isDirty, isSubmitting } = useFormState();
  const { reset } = useFormContext();
  const translate = useTranslate();
  if (!isDirty) return null;
  return (
    <Stack direction="row" sx={{ gap: 0.5 }}>
      <MuiButton variant="contained" type="submit" disabled={isSubmitting} size="small">
        {translate('resources.orders.lines.save')}
      </MuiButton>
      <MuiButton onClick={() => reset()} size="small">
        {translate('resources.orders.lines.discard')}
      </MuiButton>
    </Stack>
  );
};

/** The reason beside an own price: asked for once the price differs from the one taken (docs/api-orders.md). */
const ReasonInput = ({ line }: { line: OrderLine }) => {
  const price = useWatch({ name: 'unitPrice' }) as unknown;
  const reason = useWatch({ name: 'unitPriceReason' }) as unknown;
  const differs = price !== null && price !== undefined && price !== '' && !sameNumber(price, line.takenUnitPrice);
  if (!differs && !reason) return null;
  return <TextInput source="unitPriceReason" label="resources.items.fields.unitPriceReason" validate={maxText()} helperText={false} fullWidth size="small" />;
};

const Cell = ({ area, children, align }: { area: string; children: ReactNode; align?: 'right' }) => (
  <Box sx={{ gridArea: area, minWidth: 0, textAlign: align, justifySelf: align === 'right' ? 'end' : undefined }}>{children}</Box>
);

const Amount = ({ line, currency }: { line: OrderLine; currency: string }) => {
  const [locale] = useLocaleState();
  const translate = useTranslate();
  return (
    <Box sx={{ pt: { lg: 1 } }}>
      <Typography variant="caption" color="text.secondary" sx={{ display: { lg: 'none' } }}>
        {translate('resources.items.fields.lineTotal')}{' '}
      </Typography>
      <Typography component="span" variant="body2" sx={{ fontWeight: 600 }} data-testid="line-total">
        {formatMoney(line.lineTotal ?? line.amount, locale, currency)}
      </Typography>
    </Box>
  );
};

/** What a line describes: the product (linked), a free line's text, a text line's heading or note. */
const Description = ({ line, editable, whatIfs }: { line: OrderLine; editable: boolean; whatIfs: readonly Calculation[] }) => {
  const translate = useTranslate();
  if (line.kind === 'product') {
    return (
      <Stack sx={{ gap: 1 }}>
        <Box>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {line.productId ? <Link to={recordPath.view('products', line.productId)}>{line.productName}</Link> : line.productName}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {line.productNumber}
          </Typography>
        </Box>
        {editable ? <CalculationChoice calculations={whatIfs} /> : null}
        {editable ? <ReasonInput line={line} /> : null}
      </Stack>
    );
  }
  if (editable) {
    return (
      <TextInput
        source="text"
        label={line.kind === 'text' ? 'resources.items.kinds.text' : 'resources.items.fields.text'}
        validate={[required(), maxText(1000)]}
        multiline
        helperText={false}
        fullWidth
        size="small"
      />
    );
  }
  return (
    <Box>
      {line.kind === 'free' ? (
        <Typography variant="caption" color="text.secondary">
          {translate('resources.items.kinds.free')}
        </Typography>
      ) : null}
      <Typography variant="body2" sx={{ whiteSpace: 'pre-line', fontWeight: line.kind === 'text' ? 600 : undefined }}>
        {line.text}
      </Typography>
    </Box>
  );
};

/** A figure of a line that is not edited here (another status, or a product line's unit). */
const ReadOnlyValue = ({ label, value }: { label: string; value: string }) => {
  const translate = useTranslate();
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="div">
        {translate(label)}
      </Typography>
      <Typography variant="body2">{value}</Typography>
    </Box>
  );
};

const positive = [required(), positiveNumber()];
const nonNegative = [nonNegativeNumber()];
const priceRules = [required(), nonNegativeNumber()];

/** The figures of a product or free line: inputs while the order is a draft, text otherwise. */
const Figures = ({ line, editable, currency }: { line: OrderLine; editable: boolean; currency: string }) => {
  const [locale] = useLocaleState();
  const translate = useTranslate();
  const pieces = translate('resources.orders.lines.unit_pieces');
  return (
    <>
      <Cell area="qty">
        {editable ? (
          <NumberInput source="quantity" label="resources.items.fields.quantity" validate={positive} helperText={false} fullWidth />
        ) : (
          <ReadOnlyValue label="resources.items.fields.quantity" value={formatQuantity(line.quantity, locale, undefined, 4)} />
        )}
      </Cell>
      <Cell area="unit">
        {editable && line.kind === 'free' ? (
          <TextInput source="unit" label="resources.items.fields.unit" validate={maxText(20)} helperText={false} fullWidth size="small" placeholder={pieces} />
        ) : (
          <ReadOnlyValue label="resources.items.fields.unit" value={line.unit || pieces} />
        )}
      </Cell>
      <Cell area="price">
        {editable ? (
          <NumberInput source="unitPrice" label="resources.items.fields.unitPrice" money validate={line.kind === 'free' ? priceRules : nonNegative} helperText={false} fullWidth />
        ) : (
          <ReadOnlyValue label="resources.items.fields.unitPrice" value={formatMoney(line.unitPrice, locale, currency, 4)} />
        )}
        <PriceSource line={line} currency={currency} />
      </Cell>
      <Cell area="disc">
        {editable ? (
          <NumberInput source="discountPercent" label="resources.items.fields.discountPercent" validate={nonNegative} helperText={false} fullWidth />
        ) : (
          <ReadOnlyValue label="resources.items.fields.discountPercent" value={formatQuantity(line.discountPercent, locale, '%', 2)} />
        )}
      </Cell>
      <Cell area="amount" align="right">
        <Amount line={line} currency={currency} />
      </Cell>
    </>
  );
};

/** The fields a line's form starts from: what can be edited in place, and the price taken (to tell an own price). */
const formRecord = (line: OrderLine) => ({
  id: line.id,
  text: line.text,
  quantity: line.quantity,
  unit: line.unit,
  unitPrice: line.unitPrice,
  takenUnitPrice: line.takenUnitPrice,
  unitPriceReason: line.unitPriceReason,
  discountPercent: line.discountPercent,
  calculationId: chosenCalculation(line),
});

/**
 * One line of the offer. A draft's line is a form of its own, edited in place and saved with Save or Enter;
 * the API's refusals show beside their fields, and the whole page (totals included) is read again after a save.
 */
const Line = ({ line, index, count, order, editable, whatIfs, moving, onMove, onDirty }: LineProps) => {
  const dataProvider = useDataProvider();
  const { submit } = useApiAction();
  const translate = useTranslate();
  const record = useMemo(() => formRecord(line), [line]);
  const save = (values: Record<string, unknown>) =>
    submit(
      () => dataProvider.update('items', { id: line.id, data: lineEditPayload(line.kind, { ...values, takenUnitPrice: line.takenUnitPrice }), previousData: line }),
      'resources.orders.lines.saved',
    );
  const label = translate('resources.orders.lines.line', { position: line.position, name: lineName(line) });
  const content = (
    <>
      <Cell area="pos">
        {editable ? (
          <MoveButtons line={line} index={index} count={count} moving={moving} onMove={onMove} />
        ) : (
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {line.position}
          </Typography>
        )}
      </Cell>
      <Cell area="desc">
        <Description line={line} editable={editable} whatIfs={whatIfs} />
      </Cell>
      {line.kind === 'text' ? null : <Figures line={line} editable={editable} currency={order.currency} />}
      <Cell area="actions" align="right">
        {editable ? (
          <Stack direction="row" sx={{ gap: 0.5, alignItems: 'center', justifyContent: 'flex-end', flexWrap: 'wrap' }}>
            <LineFormButtons />
            <DeleteLineButton line={line} />
          </Stack>
        ) : null}
      </Cell>
    </>
  );
  if (!editable) {
    return (
      <Box component="li" aria-label={label} sx={lineSx(line.kind)} data-testid={`order-line-${line.position}`} data-kind={line.kind}>
        {content}
      </Box>
    );
  }
  return (
    <Box component="li" aria-label={label} sx={{ listStyle: 'none' }} data-testid={`order-line-${line.position}`} data-kind={line.kind}>
      <Form record={record} onSubmit={save} noValidate>
        <ReportChanges id={line.id} onDirty={onDirty} />
        <Box sx={lineSx(line.kind)}>{content}</Box>
      </Form>
    </Box>
  );
};

type AddKind = LineKind | null;

const ADD_BUTTONS: ReadonlyArray<{ kind: LineKind; icon: ReactElement }> = [
  { kind: 'product', icon: <AddIcon /> },
  { kind: 'free', icon: <PostAddIcon /> },
  { kind: 'text', icon: <NotesIcon /> },
];

/** Add product / Add free line / Add text: new lines go to the end. */
const AddLineButtons = ({ order }: { order: OrderRecord }) => {
  const translate = useTranslate();
  const { canAccess } = useCanAccess({ resource: 'items', action: 'create' });
  const [adding, setAdding] = useState<AddKind>(null);
  const close = useCallback(() => setAdding(null), []);
  if (!canAccess) return null;
  return (
    <>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }} data-testid="order-add-lines">
        {ADD_BUTTONS.map(({ kind, icon }) => (
          <MuiButton key={kind} size="small" startIcon={icon} onClick={() => setAdding(kind)} variant="outlined" data-testid={`order-add-${kind}`}>
            {translate(`resources.orders.lines.add_${kind}`)}
          </MuiButton>
        ))}
      </Stack>
      {adding ? <AddLineDialog kind={adding} order={order} onClose={close} /> : null}
    </>
  );
};

/**
 * The offer's lines, in their order (`position`): products, free lines and texts, edited in place while the
 * order is a draft and read-only otherwise (saying why); moved with Move up / Move down, which keep the
 * keyboard's focus on the line moved.
 */
export const OrderLines = ({ order }: { order: OrderRecord }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const refresh = useRefresh();
  const { canAccess: canEdit } = useCanAccess({ resource: 'items', action: 'edit' });
  const { data: lines = [], isPending } = useGetList<OrderLine>('items', {
    filter: { orderId: order.id },
    sort: { field: 'position', order: 'ASC' },
    pagination: { page: 1, perPage: 1000 },
  });
  const draft = isDraft(order);
  const editable = draft && canEdit === true;
  const productIds = useMemo(() => lines.flatMap((line) => (line.kind === 'product' && line.productId ? [line.productId] : [])), [lines]);
  const whatIfs = useWhatIfCalculations(editable ? productIds : []);
  const [moving, setMoving] = useState(false);
  const [changed, setChanged] = useState<ReadonlySet<string>>(new Set());
  const onDirty = useCallback(
    (id: string, dirty: boolean) =>
      setChanged((before) => {
        if (before.has(id) === dirty) return before;
        const after = new Set(before);
        if (dirty) after.add(id);
        else after.delete(id);
        return after;
      }),
    [],
  );
  useLinesGuard(changed.size > 0);
  const [focusAfterMove, setFocusAfterMove] = useState<{ id: string; by: -1 | 1; position: number } | null>(null);

  const move = async (index: number, by: -1 | 1) => {
    setMoving(true);
    try {
      await api.post(`/orders/${encodeURIComponent(order.id)}/items/reorder`, { itemIds: movedLines(lines.map((line) => line.id), index, by) });
      setFocusAfterMove({ id: lines[index].id, by, position: index + 1 + by });
      notify('resources.orders.lines.moved', { type: 'info' });
      refresh();
    } catch (error) {
      notifyError(error, 'fabquote.errors.save_failed');
    } finally {
      setMoving(false);
    }
  };

  // The keyboard stays with the line moved, once the lines are read again: its button in the same direction, or the other one at the end.
  useEffect(() => {
    if (!focusAfterMove || moving || lines.find((line) => line.id === focusAfterMove.id)?.position !== focusAfterMove.position) return;
    const same = document.querySelector<HTMLButtonElement>(`[data-move="${focusAfterMove.id}:${focusAfterMove.by === -1 ? 'up' : 'down'}"]`);
    const other = document.querySelector<HTMLButtonElement>(`[data-move="${focusAfterMove.id}:${focusAfterMove.by === -1 ? 'down' : 'up'}"]`);
    const target = same && !same.disabled ? same : other;
    if (target && !target.disabled) {
      target.focus();
      setFocusAfterMove(null);
    }
  }, [focusAfterMove, lines, moving]);

  const title = translate('resources.orders.lines.title');
  return (
    <Box component="section" aria-label={title} id="order-lines" sx={{ p: 2 }} data-testid="order-lines" tabIndex={-1}>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, gap: 1, mb: 1 }}>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        {editable ? <AddLineButtons order={order} /> : null}
      </Stack>
      {draft ? null : (
        <Alert severity="info" sx={{ mb: 1 }} data-testid="order-lines-locked">
          {translate('resources.orders.items_locked')}
        </Alert>
      )}
      {isPending ? (
        <Box sx={{ py: 2 }} aria-busy>
          <LinearProgress aria-label={translate('resources.orders.lines.loading')} />
        </Box>
      ) : lines.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ py: 2 }} data-testid="order-lines-empty">
          {translate('resources.orders.lines.empty')}
        </Typography>
      ) : (
        <Stack component="ol" sx={{ listStyle: 'none', p: 0, m: 0, gap: 1 }}>
          {lines.map((line, index) => (
            <Line
              key={`${line.id}:${line.updatedAt}`}
              line={line}
              index={index}
              count={lines.length}
              order={order}
              editable={editable}
              whatIfs={whatIfs.filter((calculation) => calculation.productId === line.productId)}
              moving={moving}
              onMove={(at, by) => void move(at, by)}
              onDirty={onDirty}
            />
          ))}
        </Stack>
      )}
    </Box>
  );
};
