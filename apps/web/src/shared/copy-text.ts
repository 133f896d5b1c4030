/** Copies text to the clipboard: the Clipboard API, else a hidden text area (older or insecure pages). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    try {
      return document.execCommand('copy');
    } catch {
      return false;
    } finally {
      area.remove();
    }
  }
}

/** The full address of an invitation link as people open it (the contract gives its path). */
export function invitationUrl(link: string): string {
  return `${window.location.origin}${link}`;
}
