import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { IconButton, Tooltip } from '@mui/material';
import { useCallback } from 'react';
import { useNotify, useTranslate } from 'react-admin';

/** navigator.clipboard needs a secure context; a tenant host on plain HTTP falls back to the old way. */
async function writeText(text: string): Promise<void> {
  if (navigator.clipboard && window.isSecureContext) return navigator.clipboard.writeText(text);
  const area = document.createElement('textarea');
  area.value = text;
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  const copied = document.execCommand('copy');
  area.remove();
  if (!copied) throw new Error('Copy refused');
}

/** Copies and says so: 'Text copied to clipboard' unless the screen has its own message (docs/product.md §8). */
export function useCopyToClipboard() {
  const notify = useNotify();
  return useCallback(
    (text: string, message = 'fabquote.clipboard.copied') =>
      writeText(text).then(
        () => notify(message, { type: 'success' }),
        () => notify('fabquote.clipboard.failed', { type: 'error' }),
      ),
    [notify],
  );
}

export const CopyButton = ({ text, message, label }: { text: string; message?: string; label?: string }) => {
  const copy = useCopyToClipboard();
  const translate = useTranslate();
  const title = translate(label ?? 'fabquote.clipboard.copy');
  return (
    <Tooltip title={title}>
      <IconButton aria-label={title} size="small" onClick={() => copy(text, message)}>
        <ContentCopyIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
};
