/**
 * Puts `text` on the clipboard. The async Clipboard API needs a secure context; elsewhere (plain http on a LAN)
 * the older copy command is the only way. Rejects when neither works.
 */
export async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    if (!document.execCommand('copy')) throw new Error('The copy command was refused');
  } finally {
    area.remove();
  }
}
