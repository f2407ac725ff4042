#!/usr/bin/env python3
"""Checks the HTML dashboard in a real browser: headless Chromium driven over its DevTools
protocol (Debian's `chromium` package, Python's `websocket-client`).

    Scripts/check_dashboard.py --binary .build/debug/viperlint [--screenshots DIR]

It lints every fixture and a generated project of 300 modules and about 5,000 findings (with
two runs of history, so the trend draws), opens each dashboard in a 1,400 px wide window and
asserts, with scripts on:
  - the page is no wider than the window (no horizontal scrolling), also when a finding, a
    module name and a cycle hold a 10,000-character word;
  - the verdict banner, the rule table and the filter bar are there, and no CSP error was logged
    (a script or style whose hash is not in the policy would be refused and logged);
  - choosing a rule, a module, a layer or a severity shows exactly the findings the embedded
    JSON report has for it; words narrow the rows to those containing them; sorting by name
    puts the module sections in name order;
  - the cycle list equals the cycles of the report's module-cycle findings;
and with scripts off: the filter bar stays hidden and every finding is still on the page.
With --screenshots, it saves what it saw (top of the page, and after filtering).
Exit status: 0 when every check holds, 1 when one fails, 2 when the tools are missing.
"""
import argparse
import base64
import glob
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ElementTree

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
WIDTH, HEIGHT = 1400, 900


class Browser:
    """One headless Chromium with one page, driven over the DevTools websocket."""

    def __init__(self, executable, profile):
        import websocket  # websocket-client

        self.process = subprocess.Popen(
            [executable, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
             "--proxy-server=127.0.0.1:9", f"--user-data-dir={profile}", "--remote-debugging-port=0",
             f"--window-size={WIDTH},{HEIGHT}", "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        port_file = os.path.join(profile, "DevToolsActivePort")
        for _ in range(300):
            if os.path.exists(port_file) and open(port_file).read().count("\n") >= 1:
                break
            time.sleep(0.1)
        else:
            raise RuntimeError("Chromium did not open its DevTools port")
        port = open(port_file).read().split("\n")[0]
        targets = None
        for _ in range(100):
            try:
                import urllib.request
                targets = json.load(urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=5))
                if any(t["type"] == "page" for t in targets):
                    break
            except OSError:
                pass
            time.sleep(0.1)
        page = next(t for t in targets if t["type"] == "page")
        self.socket = websocket.create_connection(page["webSocketDebuggerUrl"], timeout=60, suppress_origin=True)
        self.next_id = 0
        self.console = []
        self.call("Page.enable")
        self.call("Runtime.enable")
        self.call("Log.enable")

    def call(self, method, **params):
        self.next_id += 1
        self.socket.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            message = json.loads(self.socket.recv())
            if message.get("id") == self.next_id:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return message.get("result", {})
            self.record(message)

    def record(self, message):
        method = message.get("method")
        if method == "Log.entryAdded":
            self.console.append(message["params"]["entry"].get("text", ""))
        elif method == "Runtime.consoleAPICalled":
            self.console.append(" ".join(str(a.get("value", "")) for a in message["params"]["args"]))
        elif method == "Runtime.exceptionThrown":
            self.console.append("exception: " + json.dumps(message["params"]["exceptionDetails"])[:400])
        return method

    def open(self, path, scripts=True):
        self.call("Emulation.setScriptExecutionDisabled", value=not scripts)
        self.console = []
        self.call("Page.navigate", url="file://" + os.path.abspath(path))
        deadline = time.time() + 120
        while time.time() < deadline:
            if self.record(json.loads(self.socket.recv())) == "Page.loadEventFired":
                return
        raise RuntimeError(f"{path} did not load")

    def evaluate(self, expression):
        result = self.call("Runtime.evaluate", expression=expression, returnByValue=True)
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression[:80]}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def screenshot(self, path, section=None):
        """The window's view, scrolled to `section` (an element id) when given."""
        if section:
            self.evaluate(f"var e=document.getElementById('{section}');if(e)e.scrollIntoView();")
        data = self.call("Page.captureScreenshot", format="png")["data"]
        with open(path, "wb") as handle:
            handle.write(base64.b64decode(data))

    def close(self):
        self.socket.close()
        self.process.terminate()
        self.process.wait(timeout=30)


class Checks:
    def __init__(self):
        self.failures = []
        self.passed = 0

    def expect(self, condition, what):
        if condition:
            self.passed += 1
        else:
            self.failures.append(what)
            print(f"FAIL: {what}", file=sys.stderr)


def visible_rows(browser):
    """The rule of each finding row a reader sees (in an open section, not hidden)."""
    return browser.evaluate("""Array.prototype.slice.call(document.querySelectorAll('tr[data-rule]'))
        .filter(function(r){return r.offsetParent!==null;})
        .map(function(r){return [r.getAttribute('data-rule'), r.closest('details').getAttribute('data-name'),
                                 r.getAttribute('data-layer'), r.className];})""")


def choose(browser, name, value):
    browser.evaluate(f"""(function(){{var f=document.getElementById('filter');
        f.rule.value='';f.module.value='';f.layer.value='';f.severity.value='';f.q.value='';
        f['{name}'].value={json.dumps(value)};
        f['{name}'].dispatchEvent(new Event('{'input' if name == 'q' else 'change'}',{{bubbles:true}}));}})()""")


def check_dashboard(browser, path, label, checks, screenshots):
    with open(path, encoding="utf-8") as handle:
        page = handle.read()
    start = page.index('<script type="application/json" id="viperlint-report">') + len('<script type="application/json" id="viperlint-report">')
    report = json.loads(page[start:page.index("</script>", start)])
    findings = report["violations"]
    # The page is documented as well-formed XML: a strict parser (not a browser) must read it.
    try:
        ElementTree.fromstring(page.replace("<!DOCTYPE html>", "", 1))
        checks.expect(True, f"{label}: well-formed XML")
    except ElementTree.ParseError as error:
        checks.expect(False, f"{label}: well-formed XML ({error})")

    browser.open(path, scripts=True)
    width = browser.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    checks.expect(width[0] <= width[1] and width[1] == WIDTH, f"{label}: page width {width[0]} fits the {width[1]} px window")
    checks.expect(browser.evaluate("!!document.getElementById('verdict')"), f"{label}: verdict banner")
    checks.expect(browser.evaluate("!!document.querySelector('table.rules') || !!document.querySelector('#rules .clean')"),
                  f"{label}: rule table")
    refused = [line for line in browser.console if "Content Security Policy" in line or "Refused" in line or "exception" in line]
    checks.expect(not refused, f"{label}: no CSP refusal or script error ({refused[:2]})")
    if screenshots:
        browser.screenshot(os.path.join(screenshots, f"{label}-top.png"))
        for section in ("trend", "module-arrows", "layer-graph"):
            if browser.evaluate(f"!!document.getElementById('{section}')"):
                browser.screenshot(os.path.join(screenshots, f"{label}-{section}.png"), section)

    cycles = [" → ".join(v["cycle"]) for v in findings if v.get("cycle")]
    listed = browser.evaluate("Array.prototype.slice.call(document.querySelectorAll('ul.cycles li')).map(function(l){return (l.querySelector('.full')||l).textContent;})")
    checks.expect(sorted(listed) == sorted(cycles), f"{label}: cycle list equals the module-cycle findings ({len(listed)} vs {len(cycles)})")

    if not findings:
        checks.expect(not browser.evaluate("!!document.getElementById('filter')"), f"{label}: no filter bar without findings")
        return
    checks.expect(browser.evaluate("!document.getElementById('filter').hidden"), f"{label}: the script shows the filter bar")
    shown = browser.evaluate("document.getElementById('shown').textContent")
    checks.expect(shown == f"{len(findings)} findings", f"{label}: the count reads '{shown}'")

    # Each kind of choice shows exactly the report's findings of that value.
    samples = [("rule", "rule", lambda v: v["rule"]), ("module", "module", lambda v: v.get("module")),
               ("layer", "layer", lambda v: v.get("layer")), ("severity", "severity", lambda v: v["severity"])]
    for name, _, key in samples:
        values = sorted({key(v) for v in findings if key(v)})
        # The rarest value: the check then also sees most rows hidden.
        value = min(values, key=lambda x: (sum(1 for v in findings if key(v) == x), x))
        choose(browser, name, value)
        rows = visible_rows(browser)
        expected = sum(1 for v in findings if key(v) == value)
        column = {"rule": 0, "module": 1, "layer": 2, "severity": 3}[name]
        checks.expect(len(rows) == expected and all(row[column] == value for row in rows),
                      f"{label}: {name} '{value}' shows its {expected} findings (saw {len(rows)})")
        width = browser.evaluate("document.documentElement.scrollWidth")
        checks.expect(width <= WIDTH, f"{label}: width {width} fits after filtering by {name}")
    if screenshots:
        browser.screenshot(os.path.join(screenshots, f"{label}-filtered.png"), "findings")

    # Words: a file name of one finding narrows to the rows under that file heading or containing it.
    word = os.path.basename(findings[-1]["file"]).lower()
    choose(browser, "q", word)
    texts = browser.evaluate("""Array.prototype.slice.call(document.querySelectorAll('tr[data-rule]'))
        .filter(function(r){return r.offsetParent!==null;}).map(function(r){
        var h=r;while(h&&h.className!=='file')h=h.previousElementSibling;
        return (r.textContent+' '+(h?h.textContent:'')).toLowerCase();})""")
    checks.expect(len(texts) > 0 and all(word in text for text in texts), f"{label}: words '{word}' narrow to {len(texts)} rows that have them")
    choose(browser, "q", "")
    browser.evaluate("var f=document.getElementById('filter');f.sort.value='name';f.sort.dispatchEvent(new Event('change',{bubbles:true}))")
    names = browser.evaluate("Array.prototype.slice.call(document.querySelectorAll('#modules > details')).map(function(d){return d.getAttribute('data-name');})")
    checks.expect(names == sorted(names), f"{label}: sorting by name orders the {len(names)} module sections")
    shown = browser.evaluate("document.getElementById('shown').textContent")
    checks.expect(shown == f"{len(findings)} findings", f"{label}: clearing the filter shows all again ('{shown}')")

    # Scripts off: no dead controls, every finding still in the page.
    browser.open(path, scripts=False)
    checks.expect(browser.evaluate("document.getElementById('filter').offsetParent===null"), f"{label}: filter bar hidden with scripts off")
    rows = browser.evaluate("document.querySelectorAll('tr[data-rule]').length")
    checks.expect(rows == len(findings), f"{label}: all {len(findings)} findings on the page with scripts off (saw {rows})")
    width = browser.evaluate("document.documentElement.scrollWidth")
    checks.expect(width <= WIDTH, f"{label}: width {width} fits with scripts off")
    if screenshots:
        browser.screenshot(os.path.join(screenshots, f"{label}-noscript.png"), "findings")


def check_long_words(browser, path, work, checks):
    """A 10,000-character word (a generated name, a minified line) in a finding's message, a
    module's name and a cycle wraps instead of widening the page. Names that long cannot come
    from a real file system, so they are written into a real page; only content changes, so
    the style and script hashes still hold."""
    with open(path, encoding="utf-8") as handle:
        page = handle.read()
    word = "Z" * 10_000
    start = page.index('<div id="modules">')
    page = page[:start] + page[start:].replace("</td><td>", "</td><td>" + word + " ", 1).replace('<span class="name">', '<span class="name">' + word, 1)
    if '<ul class="cycles">' in page:
        cycles = page.index('<ul class="cycles">')
        page = page[:cycles] + page[cycles:].replace("<li>", "<li>" + word, 1)
    long_page = os.path.join(work, "long-words.html")
    with open(long_page, "w", encoding="utf-8") as handle:
        handle.write(page)
    browser.open(long_page)
    browser.evaluate("document.querySelectorAll('details').forEach(function(d){d.open=true;})")
    width = browser.evaluate("document.documentElement.scrollWidth")
    checks.expect(width <= WIDTH, f"a 10,000-character word wraps: page width {width}")


def lint(binary, project, html, extra=()):
    status = subprocess.run([binary, "lint", project, "--quiet", "--no-cache", "--report", f"html:{html}", *extra],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if status.returncode > 1:
        raise RuntimeError(f"viperlint failed on {project}: {status.stderr}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build/debug/viperlint"))
    parser.add_argument("--screenshots", help="a folder to save what the browser showed")
    parser.add_argument("--modules", type=int, default=300)
    parser.add_argument("--cells", type=int, default=17, help="findings per generated module, about")
    arguments = parser.parse_args()
    browser_path = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
    if not browser_path:
        print("needs Chromium: apt-get install chromium", file=sys.stderr)
        return 2
    try:
        import websocket  # noqa: F401
    except ImportError:
        print("needs websocket-client: python3 -m pip install websocket-client", file=sys.stderr)
        return 2
    if arguments.screenshots:
        os.makedirs(arguments.screenshots, exist_ok=True)

    work = tempfile.mkdtemp()
    try:
        dashboards = []
        for fixture in sorted(glob.glob(os.path.join(ROOT, "Fixtures", "*", ""))):
            name = os.path.basename(os.path.dirname(fixture))
            html = os.path.join(work, f"{name}.html")
            lint(arguments.binary, fixture, html)
            dashboards.append((html, name))
        project = os.path.join(work, "generated")
        subprocess.run([sys.executable, os.path.join(ROOT, "Benchmarks", "generate_viper_project.py"), project,
                        str(arguments.modules), "--cells", str(arguments.cells)], check=True)
        history = os.path.join(work, "history.jsonl")
        html = os.path.join(work, "generated.html")
        # Two runs of history, the first with fewer findings, so the trend has a slope.
        first, aside = os.path.join(project, "Modules", "Feature00000", "Cells"), os.path.join(work, "cells-aside")
        shutil.move(first, aside)
        lint(arguments.binary, project, html, ["--history", history])
        shutil.move(aside, first)
        lint(arguments.binary, project, html, ["--history", history])
        dashboards.append((html, f"generated-{arguments.modules}-modules"))

        checks = Checks()
        browser = Browser(browser_path, os.path.join(work, "profile"))
        try:
            for html, label in dashboards:
                check_dashboard(browser, html, label, checks, arguments.screenshots)
            check_long_words(browser, dashboards[0][0], work, checks)
        finally:
            browser.close()
        with open(html, encoding="utf-8") as handle:
            page = handle.read()
        checks.expect('<section id="trend">' in page and page.count('<svg class="spark"') > 1, "generated: the trend draws from the history")
        print(f"dashboard in Chromium: {checks.passed} checks passed, {len(checks.failures)} failed")
        return 1 if checks.failures else 0
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
