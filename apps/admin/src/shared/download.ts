/**
 * Fetches a file and saves it under `fileName`. For downloads that need headers (the session's, the
 * organization's), which a plain link can not carry; a refusal throws what `refused` makes of its status.
 */
export async function downloadFile(url: string, headers: HeadersInit, fileName: string, refused: (status: number) => Error): Promise<void> {
  const response = await fetch(url, { headers });
  if (!response.ok) throw refused(response.status);
  const objectUrl = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(objectUrl);
}
