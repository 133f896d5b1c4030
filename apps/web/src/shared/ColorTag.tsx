import { Tag } from 'antd';
import type { ReactNode } from 'react';

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** Relative luminance of a #rgb / #rrggbb colour (WCAG 2). */
function luminance(hex: string): number {
  const digits =
    hex.length === 4 ? [...hex.slice(1)].map((d) => d + d) : [hex.slice(1, 3), hex.slice(3, 5), hex.slice(5, 7)];
  const [r, g, b] = digits.map((pair) => {
    const c = Number.parseInt(pair, 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Black or white, whichever reads better on `hex` (the better of the two always reaches 4.5:1). */
export function textColorOn(hex: string): '#000' | '#fff' {
  const l = luminance(hex);
  return (l + 0.05) / 0.05 >= 1.05 / (l + 0.05) ? '#000' : '#fff';
}

/**
 * A tag in a colour someone chose (a label's, a template's): a hex colour fills the tag with black or white text,
 * whichever is readable on it (antd's light fill with the colour as text is often below 4.5:1); a preset colour
 * name keeps antd's tag, whose palette the theme keeps readable.
 */
export function ColorTag({
  color,
  children,
  ...rest
}: { color?: string | null; children: ReactNode } & Omit<React.ComponentProps<typeof Tag>, 'color' | 'children'>) {
  if (!color || !HEX.test(color))
    return (
      <Tag color={color ?? undefined} {...rest}>
        {children}
      </Tag>
    );
  return (
    <Tag variant="solid" color={color} {...rest} style={{ ...rest.style, color: textColorOn(color) }}>
      {children}
    </Tag>
  );
}
