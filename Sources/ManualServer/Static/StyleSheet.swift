/// `/static/app.css`: one small style sheet, no framework. Colours keep WCAG AA contrast (4.5:1 for
/// text); the layout is one column on a phone and puts the outline beside the page on a wide screen.
enum StyleSheet {
    static let css = #"""
    :root { --ink: #1b1f24; --muted: #4a5561; --line: #c9d1d9; --accent: #0b5cad; --bg: #ffffff; --soft: #f3f5f7;
            --high: #1d6b35; --medium: #7a5400; --low: #a4281b; --none: #4a5561; }
    * { box-sizing: border-box; }
    body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); background: var(--bg); }
    a { color: var(--accent); }
    a:focus, button:focus, input:focus { outline: 3px solid #ffbf47; outline-offset: 1px; }
    .skip { position: absolute; left: -999px; } .skip:focus { left: 8px; top: 8px; background: #fff; padding: 4px 8px; }
    .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
    header.top { display: flex; gap: 16px; align-items: center; flex-wrap: wrap; padding: 8px 16px; background: var(--soft); border-bottom: 1px solid var(--line); }
    header.top .brand { font-weight: 700; color: var(--ink); text-decoration: none; font-size: 1.2em; }
    header.top nav { display: flex; gap: 12px; }
    header.top nav a { padding: 6px 4px; text-decoration: none; }
    header.top nav a[aria-current=page] { font-weight: 700; border-bottom: 3px solid var(--accent); }
    main { max-width: 1200px; margin: 0 auto; padding: 16px; overflow-wrap: break-word; }
    h1 { font-size: 1.5em; margin: 0.3em 0 0.6em; }
    label { font-weight: 600; }
    input[type=search], input[type=text], input[type=password], input[type=number] { font: inherit; padding: 8px 10px; border: 1px solid #6b7785; border-radius: 6px; width: 100%; }
    button { font: inherit; padding: 8px 14px; border-radius: 6px; border: 1px solid var(--accent); background: var(--accent); color: #fff; cursor: pointer; min-height: 44px; }
    button[value=unhelpful], .remove button { background: #fff; color: var(--accent); }
    button[aria-pressed=true] { outline: 3px solid var(--ink); }
    .row { display: flex; gap: 8px; align-items: center; }
    .row.three > p { flex: 1; margin-top: 0; }
    .answer { margin-top: 20px; }
    .answer-text { font-size: 1.1em; background: var(--soft); padding: 12px 14px; border-left: 4px solid var(--accent); border-radius: 4px; }
    .confidence { font-weight: 600; margin: 0; }
    .confidence.high strong { color: var(--high); } .confidence.medium strong { color: var(--medium); }
    .confidence.low strong { color: var(--low); } .confidence.none strong { color: var(--none); }
    .confidence::before { content: ""; display: inline-block; width: 0.8em; height: 0.8em; border-radius: 50%; margin-right: 6px; background: var(--none); }
    .confidence.high::before { background: var(--high); } .confidence.medium::before { background: var(--medium); } .confidence.low::before { background: var(--low); }
    .sources { padding-left: 1.2em; } .source { margin-bottom: 10px; }
    .source .heading, .file, .meta, .p, .of { color: var(--muted); }
    blockquote { margin: 4px 0 0; padding-left: 10px; border-left: 3px solid var(--line); color: var(--muted); }
    .rate { margin-top: 16px; display: flex; gap: 8px; align-items: center; flex-wrap: wrap; }
    .error { color: var(--low); font-weight: 600; } .notice { background: var(--soft); padding: 8px 12px; border-radius: 4px; }
    .table-wrap { overflow-x: auto; position: relative; }
    table { border-collapse: collapse; width: 100%; } th, td { text-align: left; padding: 8px; border-bottom: 1px solid var(--line); vertical-align: top; }
    .flag { padding: 2px 6px; border-radius: 4px; background: #fff3cd; color: #5c4400; font-size: 0.9em; }
    .flag.missing { background: #f8d7da; color: #721c24; }
    .viewer { display: flex; gap: 24px; align-items: flex-start; }
    .page-column { flex: 1; min-width: 0; }
    .page-image { width: 100%; height: auto; border: 1px solid var(--line); box-shadow: 0 1px 4px rgba(0,0,0,.15); background: #fff; }
    .pager { display: flex; justify-content: space-between; margin: 8px 0; }
    .side { width: 320px; flex-shrink: 0; }
    .outline { list-style: none; padding: 0; } .outline li { margin: 4px 0; }
    .outline .level-2 { padding-left: 12px; } .outline .level-3 { padding-left: 24px; } .outline .level-4 { padding-left: 36px; }
    .outline a[aria-current=page] { font-weight: 700; }
    .history li { margin-bottom: 16px; } .history .rate { margin-top: 4px; }
    mark { background: #ffe066; }
    @media (max-width: 800px) { .viewer { flex-direction: column; } .side { width: 100%; } .row.three { flex-direction: column; gap: 0; } .row.three > p { width: 100%; } }
    """#
}
