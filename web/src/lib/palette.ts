/**
 * The only place colours are defined. Both themes use the same token names; the CSS reads them
 * as custom properties (`--bg`, `--text`…) that `paletteCss()` writes. `palette.test.ts` checks
 * every text/background pair against WCAG AA, because axe does not check Arabic text.
 */
export interface Palette {
  bg: string;
  surface: string;
  text: string;
  muted: string;
  primary: string;
  onPrimary: string;
  link: string;
  border: string;
  focus: string;
  /** Focus ring inside the header and footer bands. */
  focusInverse: string;
  error: string;
  success: string;
  headerBg: string;
  headerText: string;
  footerBg: string;
  footerText: string;
  footerLink: string;
  sidebarBg: string;
  sidebarText: string;
  currentBg: string;
  currentText: string;
  badgeBg: string;
  badgeText: string;
}

export const palettes: Record<'light' | 'dark', Palette> = {
  light: {
    bg: '#ffffff',
    surface: '#f2f5f7',
    text: '#1b1f23',
    muted: '#4a5561',
    primary: '#0b4f6c',
    onPrimary: '#ffffff',
    link: '#0a5a7d',
    border: '#6b7682',
    focus: '#b3400a',
    focusInverse: '#ffc77a',
    error: '#a4261c',
    success: '#1a6b38',
    headerBg: '#0b4f6c',
    headerText: '#ffffff',
    footerBg: '#13212b',
    footerText: '#e8edf1',
    footerLink: '#a8dcf2',
    sidebarBg: '#eaf1f5',
    sidebarText: '#1b1f23',
    currentBg: '#0b4f6c',
    currentText: '#ffffff',
    badgeBg: '#a4261c',
    badgeText: '#ffffff',
  },
  dark: {
    bg: '#121417',
    surface: '#1c2127',
    text: '#eef1f4',
    muted: '#b9c3cd',
    primary: '#7cc6e8',
    onPrimary: '#0a1a22',
    link: '#8fd3f2',
    border: '#8995a2',
    focus: '#ffb36b',
    focusInverse: '#ffb36b',
    error: '#ff9b8f',
    success: '#80dd9f',
    headerBg: '#0c2a38',
    headerText: '#eef1f4',
    footerBg: '#0b0d10',
    footerText: '#dfe5ea',
    footerLink: '#8fd3f2',
    sidebarBg: '#181c21',
    sidebarText: '#eef1f4',
    currentBg: '#7cc6e8',
    currentText: '#0a1a22',
    badgeBg: '#ff9b8f',
    badgeText: '#1b0a08',
  },
};

/** Text colour on background colour: every pair the CSS uses for text (4.5:1 needed). */
export const textPairs: Array<[keyof Palette, keyof Palette]> = [
  ['text', 'bg'],
  ['text', 'surface'],
  ['muted', 'bg'],
  ['muted', 'surface'],
  ['link', 'bg'],
  ['link', 'surface'],
  ['onPrimary', 'primary'],
  ['error', 'bg'],
  ['error', 'surface'],
  ['success', 'bg'],
  ['success', 'surface'],
  ['headerText', 'headerBg'],
  ['footerText', 'footerBg'],
  ['footerLink', 'footerBg'],
  ['sidebarText', 'sidebarBg'],
  ['link', 'sidebarBg'],
  ['currentText', 'currentBg'],
  ['badgeText', 'badgeBg'],
  ['primary', 'bg'],
];

/** Non-text pairs (focus ring, field borders) that need 3:1 (WCAG 1.4.11). */
export const uiPairs: Array<[keyof Palette, keyof Palette]> = [
  ['focus', 'bg'],
  ['focus', 'surface'],
  ['focusInverse', 'headerBg'],
  ['focusInverse', 'footerBg'],
  ['focus', 'sidebarBg'],
  ['border', 'bg'],
  ['border', 'surface'],
];

function kebab(s: string): string {
  return s.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

export function paletteCss(): string {
  return (Object.keys(palettes) as Array<'light' | 'dark'>)
    .map((theme) => {
      const vars = Object.entries(palettes[theme])
        .map(([k, v]) => `--${kebab(k)}:${v};`)
        .join('');
      return `:root[data-theme="${theme}"]{${vars}color-scheme:${theme};}`;
    })
    .join('\n');
}
