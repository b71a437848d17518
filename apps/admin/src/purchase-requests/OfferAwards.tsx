import GavelIcon from '@mui/icons-material/Gavel';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import UndoIcon from '@mui/icons-material/Undo';
import {
  Box,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  Menu,
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tooltip,
} from '@mui/material';
import { ReactNode, useId, useState } from 'react';
import { Button, useCanAccess, useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin';
import type { OfferAwarded, PurchaseRequestAward } from '../api/contracts';
import { api } from '../api/http-client';
import { SectionHeading } from '../shared/SectionHeading';
import { useApiAction } from '../shared/useApiAction';
import { useNotifyError } from '../shared/useErrorNotice';
import { DateText } from '../shared/values';
import { awardBody, risesNotice } from './award-preview';
import { AwardPreview } from './AwardPreview';
import { AskedLine, MatrixRow } from './offer-matrix';

const AWARDS = 'resources.purchase-request-awards';

/** Awarding and withdrawing are the request's update permission, as the API's (auth/permissions.ts CHILD_OF). */
export function useCanAward(): boolean {
  return useCanAccess({ resource: 'purchase-request-awards', action: 'create' }).canAccess ?? false;
}

interface ConfirmProps {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  pending: boolean;
  onConfirm: () => void;
  maxWidth?: 'sm' | 'md';
}

const ConfirmDialog = ({ open, onClose, title, children, confirmLabel, pending, onConfirm, maxWidth = 'sm' }: ConfirmProps) => {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth={maxWidth} fullWidth onClick={(event) => event.stopPropagation()}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>{children}</DialogContent>
      <DialogActions>
        <Button label="ra.action.cancel" onClick={onClose} />
        <Button label={confirmLabel} variant="contained" disabled={pending} onClick={onConfirm} />
      </DialogActions>
    </Dialog>
  );
};

/** What is being awarded: the whole offer (every line it prices) or one line. */
type Choice = { lines: AskedLine[]; whole: boolean } | null;

/**
 * A supplier row's award: "Award" gives it every line its offer prices, the menu one line. The dialog
 * says what goes to whom, what it writes (bulk prices at landed cost, repricing), which other
 * supplier's award of a line it replaces (docs/api-procurement.md, "Procurement II: award") and,
 * from the API's preview, what it does to the products' prices and the lines' other suppliables
 * (docs/api-procurement.md, "Award preview, asked quantities only, currency, few offers"); switching other suppliers' prices off is a choice, off by default. After the award a
 * notice names the products whose price rose.
 */
export const AwardButtons = ({ row, allAwards }: { row: MatrixRow; allAwards: readonly PurchaseRequestAward[] }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const refresh = useRefresh();
  const [pending, setPending] = useState(false);
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const [choice, setChoice] = useState<Choice>(null);
  const [switchOffOthers, setSwitchOffOthers] = useState(false);
  const choose = (next: Choice) => {
    setSwitchOffOthers(false);
    setChoice(next);
  };
  const { offer, pricedLines } = row;
  if (pricedLines.length === 0) return null;
  const supplier = offer.supplierName;
  const awardedElsewhere = (lines: AskedLine[]) => [
    ...new Set(allAwards.filter((award) => award.supplierId !== offer.supplierId && lines.some((line) => line.id === award.lineId)).map((award) => award.supplierName)),
  ];
  const confirm = async () => {
    if (!choice) return;
    setPending(true);
    try {
      const answer = await api.post<Partial<OfferAwarded>>(
        `/supplier-offers/${encodeURIComponent(offer.id)}/award`,
        awardBody(choice.whole ? null : choice.lines, switchOffOthers),
      );
      const risen = risesNotice(answer?.priceRises);
      if (risen) notify(`${AWARDS}.awarded_rises`, { type: 'warning', messageArgs: { products: risen }, autoHideDuration: null });
      else notify(`${AWARDS}.awarded`, { type: 'success' });
      setChoice(null);
      refresh();
    } catch (error) {
      notifyError(error, 'fabquote.errors.save_failed');
    } finally {
      setPending(false);
    }
  };
  const others = choice ? awardedElsewhere(choice.lines) : [];
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', whiteSpace: 'nowrap' }}>
      <Button label={`${AWARDS}.award`} onClick={() => choose({ lines: pricedLines, whole: true })} data-testid="award-offer">
        <GavelIcon />
      </Button>
      <Tooltip title={translate(`${AWARDS}.award_line`)}>
        <IconButton size="small" aria-label={translate(`${AWARDS}.award_line`)} aria-haspopup="menu" onClick={(event) => setMenu(event.currentTarget)} data-testid="award-line-menu">
          <MoreVertIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={menu} open={Boolean(menu)} onClose={() => setMenu(null)}>
        {pricedLines.map((line) => (
          <MenuItem
            key={line.id}
            onClick={() => {
              setMenu(null);
              choose({ lines: [line], whole: false });
            }}
          >
            {translate(`${AWARDS}.award_this_line`, { line: line.name })}
          </MenuItem>
        ))}
      </Menu>
      <ConfirmDialog
        open={choice !== null}
        onClose={() => setChoice(null)}
        title={
          choice?.whole
            ? translate(`${AWARDS}.award_offer_title`, { supplier })
            : translate(`${AWARDS}.award_line_title`, { supplier, line: choice?.lines[0]?.name ?? '' })
        }
        confirmLabel={`${AWARDS}.confirm`}
        pending={pending}
        onConfirm={confirm}
        maxWidth="md"
      >
        <DialogContentText component="div">
          {choice?.whole ? <p>{translate(`${AWARDS}.award_lines`, { lines: choice.lines.map((line) => line.name).join('; ') })}</p> : null}
          <p>{translate(`${AWARDS}.award_effect`, { supplier })}</p>
          {others.length > 0 ? <p>{translate(`${AWARDS}.award_moves`, { supplier: others.join(', ') })}</p> : null}
        </DialogContentText>
        {choice ? (
          <AwardPreview offerId={offer.id} lines={choice.whole ? null : choice.lines} open={choice !== null} switchOffOthers={switchOffOthers} onSwitchOffOthers={setSwitchOffOthers} />
        ) : null}
      </ConfirmDialog>
    </Box>
  );
};

/** Withdraws one award after asking; the row is kept, marked withdrawn. */
const WithdrawButton = ({ award }: { award: PurchaseRequestAward }) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const { run, pending } = useApiAction();
  const [open, setOpen] = useState(false);
  const confirm = async () => {
    if (await run(() => dataProvider.delete('purchase-request-awards', { id: award.id, previousData: award }), `${AWARDS}.withdrawn`)) setOpen(false);
  };
  return (
    <>
      <Button label={`${AWARDS}.withdraw`} onClick={() => setOpen(true)}>
        <UndoIcon />
      </Button>
      <ConfirmDialog
        open={open}
        onClose={() => setOpen(false)}
        title={translate(`${AWARDS}.withdraw_title`, { line: award.lineName ?? '--', supplier: award.supplierName })}
        confirmLabel={`${AWARDS}.withdraw`}
        pending={pending}
        onConfirm={confirm}
      >
        <DialogContentText>{translate(`${AWARDS}.withdraw_content`)}</DialogContentText>
      </ConfirmDialog>
    </>
  );
};

/** The request's active awards: which line went to whom, when and by whom, and the suppliable it wrote. */
export const AwardList = ({ awards }: { awards: readonly PurchaseRequestAward[] }) => {
  const translate = useTranslate();
  const canAward = useCanAward();
  if (awards.length === 0) return null;
  const field = (name: string) => translate(`${AWARDS}.fields.${name}`);
  return (
    <Box component="section" sx={{ mt: 3 }} aria-label={translate(`${AWARDS}.name`, { smart_count: 2 })} data-testid="request-awards">
      <SectionHeading title={translate(`${AWARDS}.name`, { smart_count: 2 })} description={translate(`${AWARDS}.description`)} />
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{field('lineName')}</TableCell>
              <TableCell>{field('supplierName')}</TableCell>
              <TableCell align="right">{field('revision')}</TableCell>
              <TableCell>{field('suppliableNumber')}</TableCell>
              <TableCell>{field('awardedAt')}</TableCell>
              <TableCell>{field('awardedByName')}</TableCell>
              {canAward ? <TableCell /> : null}
            </TableRow>
          </TableHead>
          <TableBody>
            {awards.map((award) => (
              <TableRow key={award.id} data-testid="request-award">
                <TableCell>{award.lineName ?? '--'}</TableCell>
                <TableCell>{award.supplierName}</TableCell>
                <TableCell align="right">{award.revision}</TableCell>
                <TableCell>{award.suppliableNumber ?? '--'}</TableCell>
                <TableCell>
                  <DateText value={award.awardedAt} withTime />
                </TableCell>
                <TableCell>{award.awardedByName ?? '--'}</TableCell>
                {canAward ? (
                  <TableCell align="right">
                    <WithdrawButton award={award} />
                  </TableCell>
                ) : null}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Box>
  );
};
