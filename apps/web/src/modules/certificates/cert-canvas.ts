import type { TMyCert } from '@app/contracts';

/** A4 landscape at about 190 dpi: sharp enough to print, small enough to download. */
export const CERT_WIDTH = 2000;
export const CERT_HEIGHT = 1414;

/** The printed lines that are not the certificate's own data (already in the user's language). */
export interface CertLabels {
  holder: string;
  issuedOn: string;
  validUntil: string | null;
  certificateNo: string;
  verifyAt: string;
  revoked: string | null;
}

/** The public page that checks a code. */
export function verifyUrl(code: string): string {
  return `${window.location.origin}/cert/verify?code=${encodeURIComponent(code)}`;
}

const FONT = '"PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", "Helvetica Neue", Arial, sans-serif';
const SERIF = '"Songti SC", "SimSun", "Noto Serif CJK SC", Georgia, serif';

const NO_LINE_START = /^[，。、；：？！）》」』,.;:!?)]$/;

/** Splits text into lines that fit `width`: at spaces for Latin words, anywhere for CJK text. */
function wrap(ctx: CanvasRenderingContext2D, text: string, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    const tokens = paragraph.match(/[\u3000-\u9fff\uff00-\uffef]|[^\s\u3000-\u9fff\uff00-\uffef]+|\s+/g) ?? [''];
    for (const token of tokens) {
      const next = line + token;
      const fits = ctx.measureText(next).width <= width || line.trim() === '';
      // Closing punctuation never starts a line: it stays with the word before, a little past the edge.
      if (fits || NO_LINE_START.test(token)) line = next;
      else {
        lines.push(line.trimEnd());
        line = token.trimStart();
      }
    }
    lines.push(line.trimEnd());
  }
  return lines;
}

/** Draws the certificate: border, title, holder, body, issuer and date, code and the verification address. */
export function drawCertificate(canvas: HTMLCanvasElement, cert: TMyCert, labels: CertLabels): void {
  canvas.width = CERT_WIDTH;
  canvas.height = CERT_HEIGHT;
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  const W = CERT_WIDTH;
  const H = CERT_HEIGHT;
  ctx.fillStyle = '#fffdf7';
  ctx.fillRect(0, 0, W, H);
  ctx.strokeStyle = '#b8893b';
  ctx.lineWidth = 14;
  ctx.strokeRect(50, 50, W - 100, H - 100);
  ctx.lineWidth = 3;
  ctx.strokeRect(82, 82, W - 164, H - 164);

  ctx.textAlign = 'center';
  ctx.textBaseline = 'alphabetic';
  ctx.fillStyle = '#7a5a1e';
  ctx.font = `bold 96px ${SERIF}`;
  ctx.fillText(cert.title, W / 2, 270, W - 300);

  ctx.fillStyle = '#555';
  ctx.font = `36px ${FONT}`;
  ctx.fillText(labels.holder, W / 2, 380);
  ctx.fillStyle = '#1f1f1f';
  ctx.font = `bold 80px ${SERIF}`;
  ctx.fillText(cert.holder_name, W / 2, 480, W - 300);
  ctx.strokeStyle = '#b8893b';
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.moveTo(W / 2 - 360, 510);
  ctx.lineTo(W / 2 + 360, 510);
  ctx.stroke();

  ctx.fillStyle = '#333';
  ctx.font = `44px ${FONT}`;
  const body = cert.body.trim() || cert.subject;
  const lines = wrap(ctx, body, W - 520).slice(0, 6);
  lines.forEach((line, i) => {
    ctx.fillText(line, W / 2, 620 + i * 70);
  });

  ctx.textAlign = 'right';
  ctx.fillStyle = '#1f1f1f';
  ctx.font = `bold 44px ${FONT}`;
  ctx.fillText(cert.issuer, W - 220, 1060, 900);
  ctx.font = `36px ${FONT}`;
  ctx.fillStyle = '#444';
  ctx.fillText(labels.issuedOn, W - 220, 1120);
  if (labels.validUntil) ctx.fillText(labels.validUntil, W - 220, 1170);

  ctx.textAlign = 'left';
  ctx.fillStyle = '#555';
  ctx.font = `32px ${FONT}`;
  ctx.fillText(labels.certificateNo, 220, 1120);
  ctx.font = `26px ${FONT}`;
  ctx.fillText(labels.verifyAt, 220, 1170, W / 2);

  if (labels.revoked) {
    ctx.save();
    ctx.translate(W / 2, H / 2);
    ctx.rotate(-Math.PI / 9);
    ctx.textAlign = 'center';
    ctx.fillStyle = 'rgba(207, 19, 34, 0.35)';
    ctx.font = `bold 160px ${FONT}`;
    ctx.fillText(labels.revoked, 0, 0, W - 400);
    ctx.restore();
  }
}

/** The certificate as a PNG image (a data URL, for downloading and printing). */
export function certificatePng(cert: TMyCert, labels: CertLabels): string {
  const canvas = document.createElement('canvas');
  drawCertificate(canvas, cert, labels);
  return canvas.toDataURL('image/png');
}

/** Saves the certificate as `certificate-<code>.png`. */
export function downloadCertificate(cert: TMyCert, labels: CertLabels): void {
  const link = document.createElement('a');
  link.href = certificatePng(cert, labels);
  link.download = `certificate-${cert.code}.png`;
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * Prints the certificate alone (the print stylesheet hides the page and shows one landscape sheet); the browser's
 * print dialog offers "Save as PDF".
 */
export function printCertificate(cert: TMyCert, labels: CertLabels): void {
  const sheet = document.createElement('div');
  sheet.className = 'cert-print-sheet';
  const image = document.createElement('img');
  image.alt = cert.title;
  image.src = certificatePng(cert, labels);
  sheet.append(image);
  document.body.append(sheet);
  document.body.classList.add('cert-printing');
  const done = () => {
    document.body.classList.remove('cert-printing');
    sheet.remove();
    window.removeEventListener('afterprint', done);
  };
  window.addEventListener('afterprint', done);
  image.onload = () => window.print();
}
