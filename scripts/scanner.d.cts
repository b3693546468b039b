/** The scanner's analyser module ships without types; scripts/scan-package.cts casts what it uses. */
declare module '@n8n/scan-community-package/scanner/scanner.mjs';
