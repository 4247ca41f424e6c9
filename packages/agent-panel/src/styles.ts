// The panel's own styles, scoped by the wmk- prefix; a page overrides them with its own rules.
export const STYLES = `
.wmk-panel{font:14px/1.4 system-ui,sans-serif;color:#1d2330;background:#f6f7fb;border:1px solid #d5d9e4;border-radius:10px;padding:12px 14px}
.wmk-panel h2{font-size:16px;margin:0}
.wmk-count{font-weight:400;color:#5b6475;font-size:13px}
.wmk-engine{margin:2px 0 8px;color:#5b6475;font-size:12px}
.wmk-tools{list-style:none;margin:0;padding:0;display:grid;gap:10px}
.wmk-tool{background:#fff;border:1px solid #e1e4ec;border-radius:8px;padding:10px}
.wmk-tool h3{font:600 14px ui-monospace,monospace;margin:0}
.wmk-tool h3 small{font:400 12px system-ui,sans-serif;color:#5b6475}
.wmk-origin{font:400 11px system-ui,sans-serif;background:#efe6ff;color:#5a2ea6;border-radius:4px;padding:1px 5px}
.wmk-description{margin:4px 0;color:#3b4354}
.wmk-hints{display:flex;gap:4px;flex-wrap:wrap}
.wmk-hint{font-size:11px;border-radius:4px;padding:1px 6px;background:#e6f0ff;color:#1f4fa8}
.wmk-consequentialHint,.wmk-destructiveHint{background:#ffe7e4;color:#a3261a}
.wmk-fields{display:grid;gap:6px;margin:8px 0}
.wmk-fields label{display:grid;gap:2px;font-size:12px;color:#3b4354}
.wmk-fields label.wmk-check{display:flex;align-items:center;gap:6px}
.wmk-fields small{color:#7a8294}
.wmk-fields input:not([type=checkbox]),.wmk-fields select,.wmk-fields textarea{font:13px system-ui,sans-serif;padding:4px 6px;border:1px solid #c9cedb;border-radius:5px}
.wmk-actions{display:flex;gap:6px}
.wmk-actions button{font:13px system-ui,sans-serif;padding:4px 12px;border-radius:5px;border:1px solid #3056d3;background:#3056d3;color:#fff;cursor:pointer}
.wmk-actions .wmk-cancel{background:#fff;color:#3056d3}
.wmk-actions button:disabled{opacity:.45;cursor:default}
.wmk-result{display:block;white-space:pre-wrap;font:12px ui-monospace,monospace;margin-top:6px;max-height:10em;overflow:auto}
.wmk-result[data-state=idle]{display:none}
.wmk-result[data-state=ok]{color:#1b6b35}
.wmk-result[data-state=error]{color:#a3261a}
.wmk-result[data-state=running]{color:#5b6475}
`
