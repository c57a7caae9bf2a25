#!/usr/bin/env python3
"""Checks a conform HTML report in a real, headless Chromium (through Selenium and chromedriver).

    check-report.py PAGE.html --results A.jsonl [--results B.jsonl ...] [options]

For each results file, in the order given (the page's columns A, B, ...), it counts every case's
status from the JSON-lines file itself, independently of conform, and checks the numbers the page
renders per suite and in all; checks that every listed case shows each run's status; then applies
filters the way a person does (typing after "/" in the search box, unticking a status) and checks
which rows are visible against the results files; checks that the URL fragment keeps the filter
and that opening the link restores it; and takes a screenshot. With --hostile TEXT it also checks
that nothing from the results escaped into markup: one script element, no element conform does not
write, no script that ran, and TEXT shown literally.

Prints one JSON object with what it checked; exits 0 when every check passed, 1 otherwise (each
failure on stderr), 2 when the browser cannot be started.
"""

import argparse
import json
import os
import shutil
import sys
import urllib.parse

# What a case's statuses count as, as conform's summary counts them (RunSummary.Counts).
COUNT_OF = {
    "pass": "passed",
    "fail": "failed",
    "error": "errored",
    "crashed": "errored",
    "timeout": "errored",
    "protocol-error": "errored",
    "skipped": "skipped",
    "unsupported": "unsupported",
    "not-run": "notRun",
}
# The page's status category (its filter values) for a case's status.
CATEGORY_OF = {
    "pass": "pass",
    "fail": "fail",
    "error": "errored",
    "crashed": "errored",
    "timeout": "errored",
    "protocol-error": "errored",
    "skipped": "skipped",
    "unsupported": "unsupported",
    "not-run": "not-run",
}

failures = []


def fail(message):
    failures.append(message)
    print("check-report: " + message, file=sys.stderr)


def expect(condition, message):
    if not condition:
        fail(message)
    return condition


def read_results(path):
    """Each case's representative attempt (the first that did not pass, else the first run), by
    id, in order; the header; whether any case had more than one attempt."""
    header = None
    attempts = {}
    order = []
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            if not line.strip():
                continue
            record = json.loads(line)
            if record["type"] == "header":
                header = record
            elif record["type"] == "case":
                if record["id"] not in attempts:
                    attempts[record["id"]] = []
                    order.append(record["id"])
                attempts[record["id"]].append(record)
    cases = {}
    for case_id in order:
        tries = attempts[case_id]
        chosen = next((t for t in tries if t["status"] not in ("pass", "not-run")), None)
        chosen = chosen or next((t for t in tries if t["status"] != "not-run"), tries[0])
        cases[case_id] = chosen
    repeated = any(len(tries) > 1 for tries in attempts.values())
    return header, cases, repeated


def expected_counts(header, cases):
    """{suite: {count name: n}} and the whole run's, as the page's matrix shows them."""
    by_suite = {}
    total = {"cases": 0}
    for case in cases.values():
        suite = by_suite.setdefault(case["suite"], {"cases": 0})
        name = COUNT_OF[case["status"]]
        for counts in (suite, total):
            counts["cases"] += 1
            counts[name] = counts.get(name, 0) + 1
    unreached = max(0, header["fixtures"]["cases"] - len(cases))
    if unreached:
        total["cases"] += unreached
        total["notRun"] = total.get("notRun", 0) + unreached
    return by_suite, total


def start_browser(width, height):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    if browser:
        options.binary_location = browser
    for argument in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--hide-scrollbars",
        "--force-device-scale-factor=1",
        "--window-size=%d,%d" % (width, height),
    ):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver_path = shutil.which("chromedriver")
    service = Service(executable_path=driver_path) if driver_path else Service()
    return webdriver.Chrome(service=service, options=options)


def page_counts(driver):
    """{impl index: {suite ('' for all): {count name: n}}} as rendered."""
    return driver.execute_script(
        """
        const result = {};
        for (const cell of document.querySelectorAll("#matrix td[data-impl]")) {
          const impl = cell.dataset.impl, suite = cell.dataset.suite;
          const counts = {};
          for (const span of cell.querySelectorAll("[data-count]")) {
            counts[span.dataset.count] = parseInt(span.querySelector("b").textContent.replace(/,/g, ""), 10);
          }
          (result[impl] = result[impl] || {})[suite] = counts;
        }
        return result;
        """
    )


def listed_rows(driver):
    """[{id, suite, cells: [status category per run], visible}] of the matrix's case rows."""
    return driver.execute_script(
        """
        return Array.from(document.querySelectorAll("#matrix tr.item")).map((row) => ({
          id: row.querySelector("th code").textContent,
          suite: row.dataset.suite,
          cells: Array.from(row.querySelectorAll("td")).map((cell) =>
            (Array.from(cell.classList).find((name) => name.startsWith("st-")) || "").slice(3)),
          visible: row.offsetParent !== null,
        }));
        """
    )


def visible_ids(driver):
    return set(row["id"] for row in listed_rows(driver) if row["visible"])


def shown_text(driver):
    return driver.find_element("id", "f-shown").text


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("page")
    parser.add_argument("--results", action="append", required=True, help="a results file, in the page's column order")
    parser.add_argument("--search", help="text to type in the search box (after pressing /)")
    parser.add_argument("--screenshot", help="where to write a PNG of the page")
    parser.add_argument("--open", type=int, default=0, help="problems to open before the screenshot")
    parser.add_argument("--width", type=int, default=1400)
    parser.add_argument("--height", type=int, default=1000)
    parser.add_argument("--hostile", help="text from the results that must show literally, not as markup")
    args = parser.parse_args()

    runs = [read_results(path) for path in args.results]
    try:
        driver = start_browser(args.width, args.height)
    except Exception as error:  # noqa: BLE001 - any failure to start is reported the same way
        print("check-report: cannot start chromium through chromedriver: %s" % error, file=sys.stderr)
        return 2
    report = {"runs": len(runs)}
    try:
        url = "file://" + urllib.parse.quote(os.path.abspath(args.page))
        driver.get(url)
        expect(shown_text(driver).startswith("Showing "), "the script did not run: #f-shown is %r" % shown_text(driver))
        severe = [entry["message"] for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]
        expect(not severe, "the browser logged errors: %s" % severe)

        # 1. The counts per suite and in all, against the results files.
        rendered = page_counts(driver)
        checked = 0
        for index, (header, cases, repeated) in enumerate(runs):
            expect(not repeated, "%s has repeated attempts: this check counts one attempt a case" % args.results[index])
            by_suite, total = expected_counts(header, cases)
            shown = rendered.get(str(index), {})
            for suite, counts in list(by_suite.items()) + [("", total)]:
                page = shown.get(suite)
                if not expect(page is not None, "run %d: no counts for suite %r on the page" % (index, suite)):
                    continue
                for name in set(counts) | set(page):
                    if name in ("flaky", "knownFailures", "staleKnownFailures"):
                        expect(page.get(name, 0) == 0, "run %d, suite %r: %s is %s, not 0" % (index, suite, name, page.get(name)))
                        continue
                    expected = counts.get(name, 0)
                    expect(
                        page.get(name, 0) == expected,
                        "run %d, suite %r: the page says %s %s, the results file %s" % (index, suite, page.get(name, 0), name, expected),
                    )
                    checked += 1
            report.setdefault("cases", []).append(total["cases"])
        report["countsChecked"] = checked

        # 2. Every listed case shows each run's status; every case with a problem is listed.
        rows = listed_rows(driver)
        report["rowsListed"] = len(rows)
        listed = {row["id"]: row for row in rows}
        for row in rows:
            for index, (_, cases, _) in enumerate(runs):
                case = cases.get(row["id"])
                want = CATEGORY_OF[case["status"]] if case else "absent"
                expect(row["cells"][index] == want, "%s, run %d: the page shows %r, the results file %r" % (row["id"], index, row["cells"][index], want))
        problems = set()
        for _, cases, _ in runs:
            problems |= {case_id for case_id, case in cases.items() if case["status"] != "pass"}
        report["casesWithAProblem"] = len(problems)
        if len(problems) <= 2000:
            missing = sorted(problems - set(listed))
            expect(not missing, "cases that did not pass everywhere are not listed: %s" % missing[:5])
        all_visible = visible_ids(driver)
        expect(all_visible == set(listed), "without a filter %d of %d rows are visible" % (len(all_visible), len(listed)))

        def note_text(case_id):
            notes = [(cases.get(case_id) or {}).get("note") or "" for _, cases, _ in runs]
            return (case_id + " " + " ".join(notes)).lower()

        # 3. Search: "/" focuses the box, typing filters the rows by id and note.
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.common.keys import Keys

        if args.search:
            driver.find_element("tag name", "body").click()
            ActionChains(driver).send_keys("/").perform()
            active = driver.switch_to.active_element
            expect(active.get_attribute("id") == "f-q", "pressing / did not focus the search box")
            active.send_keys(args.search)
            needle = args.search.lower()
            want = {case_id for case_id in listed if needle in note_text(case_id)}
            got = visible_ids(driver)
            expect(got == want, "searching %r shows %d rows, expected %d (%s)" % (args.search, len(got), len(want), sorted(got ^ want)[:5]))
            expect(len(want) > 0, "searching %r matches no listed case: choose a search that does" % args.search)
            report["searchVisible"] = len(got)
            expect(
                ("%s of %s case rows" % (format(len(want), ","), format(len(listed), ","))) in shown_text(driver),
                "the count says %r" % shown_text(driver),
            )

        # 4. Status: untick "pass" (by keyboard: focus it, press space); rows with a problem stay.
        box = driver.find_element("css selector", "input[name=status][value=pass]")
        driver.execute_script("arguments[0].focus()", box)
        box.send_keys(Keys.SPACE)
        expect(not box.is_selected(), "space on the pass checkbox did not untick it")
        needle = (args.search or "").lower()
        want = {
            case_id
            for case_id, row in listed.items()
            if needle in note_text(case_id) and any(cell != "pass" for cell in row["cells"])
        }
        got = visible_ids(driver)
        expect(got == want, "without pass, %d rows are visible, expected %d (%s)" % (len(got), len(want), sorted(got ^ want)[:5]))
        report["withoutPassVisible"] = len(got)

        # 5. The fragment keeps the filter; opening the link restores it.
        fragment = urllib.parse.urlparse(driver.current_url).fragment
        report["fragment"] = fragment
        parts = dict(part.split("=", 1) for part in fragment.split("&") if "=" in part)
        expect("pass" not in parts.get("status", "pass").split(","), "the fragment %r does not drop pass" % fragment)
        if args.search:
            expect(urllib.parse.unquote(parts.get("q", "")) == args.search, "the fragment %r does not hold the search" % fragment)
        driver.get("about:blank")
        driver.get(url + "#" + fragment)
        restored = visible_ids(driver)
        expect(restored == want, "the link restores %d rows, expected %d" % (len(restored), len(want)))
        expect(not driver.find_element("css selector", "input[name=status][value=pass]").is_selected(), "the link did not untick pass")
        if args.search:
            expect(driver.find_element("id", "f-q").get_attribute("value") == args.search, "the link did not restore the search")
        # A changed fragment (a link followed within the page) is applied too.
        suites = sorted({row["suite"] for row in rows})
        if suites:
            driver.execute_script("location.hash = arguments[0]", "suite=" + urllib.parse.quote(suites[0]))
            got = visible_ids(driver)
            want = {case_id for case_id, row in listed.items() if row["suite"] == suites[0]}
            expect(got == want, "suite=%s shows %d rows, expected %d" % (suites[0], len(got), len(want)))
            expect(driver.find_element("id", "f-suite").get_attribute("value") == suites[0], "the suite menu did not follow the fragment")

        # 6. Hostile text stays text.
        if args.hostile:
            facts = driver.execute_script(
                """
                return {
                  scripts: document.scripts.length,
                  pwned: window.__conformPwned === undefined ? null : String(window.__conformPwned),
                  tags: Array.from(new Set(Array.from(document.querySelectorAll("*")).map((e) => e.tagName.toLowerCase()))).sort(),
                  text: document.body.textContent,
                  title: document.title,
                };
                """
            )
            allowed = set(
                "html head meta title style body a header h1 h2 h3 h4 ul li p code span strong nav main section table thead tbody "
                "tr th td br form label input fieldset legend select option button output details summary div dl dt dd pre b kbd "
                "footer script".split()
            )
            expect(facts["scripts"] == 1, "%d script elements, not 1" % facts["scripts"])
            expect(facts["pwned"] is None, "a script from the results ran: %s" % facts["pwned"])
            strange = sorted(set(facts["tags"]) - allowed)
            expect(not strange, "elements conform does not write: %s" % strange)
            expect(args.hostile in facts["text"], "the hostile text %r is not shown literally" % args.hostile)
            report["hostileTags"] = len(facts["tags"])

        # 7. A screenshot, with the first problems open.
        if args.screenshot:
            driver.get(url)
            driver.execute_script(
                "Array.from(document.querySelectorAll('details.item')).slice(0, arguments[0]).forEach((d) => d.open = true)",
                args.open,
            )
            driver.save_screenshot(args.screenshot)
            report["screenshot"] = args.screenshot
    finally:
        driver.quit()
    report["failures"] = len(failures)
    print(json.dumps(report, sort_keys=True))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
