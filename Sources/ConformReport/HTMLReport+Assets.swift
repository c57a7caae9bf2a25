/// The HTML report's style sheet and script, inlined in every page.
///
/// Fixed text: nothing from a results file ever goes into either, and the page's
/// Content-Security-Policy allows exactly these two (by their SHA-256), no other script or style,
/// and no network at all.
extension HTMLReport {
  /// Colours from the Okabe–Ito palette, which people with any common colour-vision deficiency
  /// tell apart (blue for pass, vermillion for fail, orange for errored, reddish purple for
  /// flaky); every status also shows a symbol and a word, so colour is never the only cue.
  static let styleSheet = """
    :root{--pass:#0072b2;--fail:#d55e00;--err:#b36b00;--flaky:#cc79a7;--muted:#595f66;--ink:#16191d;
    --line:#cfd4da;--soft:#f4f5f7;--minus:#fbe4d7;--plus:#d9e9f7;--focus:#0b57d0}
    *{box-sizing:border-box}
    html{-webkit-text-size-adjust:100%}
    body{margin:0;color:var(--ink);background:#fff;
    font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans","Liberation Sans",sans-serif}
    header,main,footer{max-width:1500px;margin:0 auto;padding:0 24px}
    header{padding-top:14px}
    footer{color:var(--muted);padding-bottom:32px;font-size:12px}
    h1{font-size:1.45em;margin:.2em 0 .3em}
    h2{font-size:1.2em;margin:1.5em 0 .5em;padding-bottom:.2em;border-bottom:2px solid var(--line)}
    h3{font-size:1.05em;margin:1.1em 0 .4em}
    h4{font-size:.95em;margin:.9em 0 .3em;color:var(--muted)}
    p{margin:.35em 0}
    a{color:var(--focus)}
    code,pre,kbd{font-family:ui-monospace,"DejaVu Sans Mono","Liberation Mono",Menlo,Consolas,monospace;font-size:12.5px}
    pre{margin:0;white-space:pre-wrap;overflow-wrap:anywhere;background:var(--soft);padding:6px 8px;border-radius:4px}
    code{overflow-wrap:anywhere}
    :focus-visible{outline:3px solid var(--focus);outline-offset:2px}
    .skip{position:absolute;left:-10000px;top:0}
    .skip:focus{left:8px;top:8px;background:#fff;padding:4px 10px;z-index:20}
    .muted,.note{color:var(--muted)}
    nav ul{list-style:none;display:flex;flex-wrap:wrap;gap:4px 18px;margin:.4em 0;padding:0}
    table{border-collapse:collapse;width:100%}
    th,td{border:1px solid var(--line);padding:3px 7px;text-align:left;vertical-align:top}
    thead th{background:var(--soft)}
    #matrix thead th{position:sticky;top:var(--filters-height,0px);z-index:2}
    table.facts th[scope=row]{width:11em;background:var(--soft);font-weight:600}
    .verdicts{margin:.4em 0;padding:0;list-style:none}
    .verdicts li{margin:.2em 0}
    .badge{display:inline-block;font-weight:600;border:1px solid currentColor;border-radius:3px;padding:0 5px;
    white-space:nowrap}
    .ok{color:var(--pass)} .bad{color:var(--fail)} .warn{color:var(--err)}
    .st{white-space:nowrap}
    .sym{display:inline-block;min-width:1.1em;text-align:center;font-weight:700}
    .st-pass .sym{color:var(--pass)} .st-fail .sym,.st-stale .sym{color:var(--fail)}
    .st-errored .sym{color:var(--err)} .st-flaky .sym{color:var(--flaky)}
    .st-known .sym,.st-skipped .sym,.st-unsupported .sym,.st-not-run .sym,.st-absent .sym{color:var(--muted)}
    td.st-fail,td.st-stale{background:#fdf1ea} td.st-errored{background:#fdf6e6} td.st-flaky{background:#faeef5}
    td.st-skipped,td.st-unsupported,td.st-not-run,td.st-absent,td.st-known{background:#f6f6f6}
    .counts{display:flex;flex-wrap:wrap;gap:2px 12px}
    .counts .n{white-space:nowrap}
    tr.suite-row>*{background:#eaeef2;border-top:2px solid #9aa3ad}
    tr.suite-row th{font-size:1.02em}
    tr.more td{color:var(--muted);font-style:italic}
    tr.total>*{background:#eaeef2;border-top:3px double #9aa3ad}
    #filters{position:sticky;top:0;z-index:5;background:#fff;border-bottom:1px solid var(--line);
    padding:8px 0;margin:10px 0 0;display:flex;flex-wrap:wrap;gap:8px 20px;align-items:center}
    #filters fieldset{border:0;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:2px 10px;align-items:center}
    #filters legend{float:left;font-weight:600;margin-right:4px;padding:0}
    #filters label{white-space:nowrap;cursor:pointer}
    #filters input[type=search]{width:22em;max-width:100%;padding:3px 6px;font:inherit}
    #filters select,#filters button{font:inherit;padding:2px 6px}
    #f-shown{font-weight:600}
    details.item{border:1px solid var(--line);border-radius:6px;margin:6px 0;background:#fff}
    details.item>summary{cursor:pointer;padding:5px 10px}
    details.item[open]>summary{border-bottom:1px solid var(--line);background:var(--soft)}
    details.item>summary .note{margin-left:.4em}
    .body{padding:8px 12px}
    dl.detail{display:grid;grid-template-columns:max-content minmax(0,1fr);gap:5px 14px;margin:0}
    dl.detail dt{font-weight:600;color:var(--muted)}
    dl.detail dd{margin:0;min-width:0}
    pre.lines span{display:block}
    pre.lines .minus{background:var(--minus)} pre.lines .plus{background:var(--plus)}
    pre.lines .same{color:var(--muted)}
    .ids{margin:0;padding-left:1.2em;columns:2 24em}
    .empty{padding:10px;border:1px dashed var(--line);border-radius:6px;color:var(--muted)}
    [hidden]{display:none!important}
    @media print{
    #filters,.skip,.tools{display:none!important}
    #matrix thead th{position:static}
    header,main,footer{max-width:none;padding:0}
    body{font-size:10.5px}
    details.item,tr{break-inside:avoid}
    a{color:inherit;text-decoration:none}
    td.st-fail,td.st-errored,td.st-flaky,tr.suite-row>*{-webkit-print-color-adjust:exact;print-color-adjust:exact}
    }
    """

  /// Filtering by status, suite, tag, implementation and free text over ids and notes, kept in
  /// the URL fragment (`#q=cancel&status=fail,errored&impl=1`) so a link shows the same view;
  /// `/` focuses the search box, Escape clears it; printing opens every problem.
  static let script = """
    (() => {
      "use strict";
      const form = document.getElementById("filters");
      if (!form) return;
      const all = (selector, root) => Array.from((root || document).querySelectorAll(selector));
      const search = document.getElementById("f-q");
      const suite = document.getElementById("f-suite");
      const tag = document.getElementById("f-tag");
      const statusBoxes = all("input[name=status]", form);
      const implBoxes = all("input[name=impl]", form);
      const shown = document.getElementById("f-shown");
      const empty = document.getElementById("f-empty");
      const items = all(".item").map((element) => ({
        element,
        kind: element.dataset.kind || "item",
        suite: element.dataset.suite || "",
        tags: (element.dataset.tags || "").split(" ").filter(Boolean),
        text: (element.dataset.q || (element.querySelector("code") || {}).textContent || "").toLowerCase(),
        cells: (element.dataset.s || "").split(" ").filter(Boolean).map((pair) => pair.split(":")),
      }));
      const blocks = all(".block");
      const suiteBodies = all("tbody[data-suite]");
      const columns = implBoxes.map((box) => all(".i" + box.value));
      const nouns = JSON.parse(shown.dataset.nouns || "{}");

      const read = () => ({
        q: search.value.trim(),
        suite: suite ? suite.value : "",
        tag: tag ? tag.value : "",
        status: statusBoxes.filter((box) => box.checked).map((box) => box.value),
        impl: implBoxes.filter((box) => box.checked).map((box) => box.value),
      });

      const encode = (state) => {
        const parts = [];
        if (state.q) parts.push("q=" + encodeURIComponent(state.q));
        if (state.status.length !== statusBoxes.length) parts.push("status=" + state.status.join(","));
        if (state.suite) parts.push("suite=" + encodeURIComponent(state.suite));
        if (state.tag) parts.push("tag=" + encodeURIComponent(state.tag));
        if (state.impl.length !== implBoxes.length) parts.push("impl=" + state.impl.join(","));
        return parts.join("&");
      };

      const decode = (hash) => {
        const state = { q: "", suite: "", tag: "", status: null, impl: null };
        for (const part of hash.replace(/^#/, "").split("&")) {
          const at = part.indexOf("=");
          if (at < 0) continue;
          const key = part.slice(0, at);
          const raw = part.slice(at + 1);
          let value;
          try { value = decodeURIComponent(raw); } catch (error) { continue; }
          if (key === "q" || key === "suite" || key === "tag") state[key] = value;
          if (key === "status" || key === "impl") state[key] = raw === "" ? [] : raw.split(",");
        }
        return state;
      };

      const hasOption = (select, value) => Array.from(select.options).some((option) => option.value === value);

      const write = (state) => {
        search.value = state.q;
        if (suite) suite.value = hasOption(suite, state.suite) ? state.suite : "";
        if (tag) tag.value = hasOption(tag, state.tag) ? state.tag : "";
        for (const box of statusBoxes) box.checked = state.status === null || state.status.includes(box.value);
        for (const box of implBoxes) box.checked = state.impl === null || state.impl.includes(box.value);
      };

      const keepInURL = (state) => {
        const hash = encode(state);
        if (hash === location.hash.replace(/^#/, "")) return;
        try {
          history.replaceState(null, "", hash ? "#" + hash : location.pathname + location.search);
        } catch (error) {
          location.replace("#" + hash);
        }
      };

      const apply = (updateURL) => {
        const state = read();
        const statuses = new Set(state.status);
        const impls = new Set(state.impl);
        const needle = state.q.toLowerCase();
        const tally = {};
        for (const item of items) {
          const visible =
            (!state.suite || item.suite === state.suite) &&
            (!state.tag || item.tags.includes(state.tag)) &&
            (!needle || item.text.includes(needle)) &&
            item.cells.some(([impl, status]) => impls.has(impl) && statuses.has(status));
          item.element.hidden = !visible;
          const count = tally[item.kind] || (tally[item.kind] = [0, 0]);
          count[1] += 1;
          if (visible) count[0] += 1;
        }
        for (const block of blocks) block.hidden = !block.querySelector(".item:not([hidden])");
        for (const body of suiteBodies) body.hidden = state.suite !== "" && body.dataset.suite !== state.suite;
        implBoxes.forEach((box, index) => { for (const cell of columns[index]) cell.hidden = !box.checked; });
        const format = (number) => number.toLocaleString("en-US");
        const parts = Object.keys(nouns).filter((kind) => tally[kind]).map((kind) =>
          format(tally[kind][0]) + " of " + format(tally[kind][1]) + " " + nouns[kind][tally[kind][1] === 1 ? 0 : 1]);
        shown.textContent = parts.length ? "Showing " + parts.join(" · ") : "Nothing is listed";
        const anyShown = Object.values(tally).some((count) => count[0] > 0);
        if (empty) empty.hidden = anyShown || items.length === 0;
        if (updateURL) keepInURL(state);
      };

      form.addEventListener("submit", (event) => event.preventDefault());
      form.addEventListener("input", () => apply(true));
      form.addEventListener("change", () => apply(true));
      const reset = document.getElementById("f-reset");
      if (reset) reset.addEventListener("click", () => { write(decode("")); apply(true); search.focus(); });
      window.addEventListener("hashchange", () => { write(decode(location.hash)); apply(false); });
      search.addEventListener("keydown", (event) => {
        if (event.key === "Escape" && search.value) { search.value = ""; apply(true); }
      });
      document.addEventListener("keydown", (event) => {
        const target = event.target;
        const typing = target && (target.isContentEditable || /^(INPUT|SELECT|TEXTAREA)$/.test(target.tagName));
        if (event.key === "/" && !typing && !event.ctrlKey && !event.metaKey && !event.altKey) {
          event.preventDefault();
          search.focus();
          search.select();
        }
      });
      const setOpen = (open) => { for (const item of all("details.item")) if (!item.hidden) item.open = open; };
      const expand = document.getElementById("f-expand");
      const collapse = document.getElementById("f-collapse");
      if (expand) expand.addEventListener("click", () => setOpen(true));
      if (collapse) collapse.addEventListener("click", () => setOpen(false));
      let openedForPrint = [];
      window.addEventListener("beforeprint", () => {
        openedForPrint = all("details.item:not([open])");
        for (const item of openedForPrint) item.open = true;
      });
      window.addEventListener("afterprint", () => {
        for (const item of openedForPrint) item.open = false;
        openedForPrint = [];
      });
      const stick = () => {
        document.documentElement.style.setProperty("--filters-height", form.getBoundingClientRect().height + "px");
      };
      window.addEventListener("resize", stick);
      stick();
      write(decode(location.hash));
      apply(false);
    })();
    """
}
