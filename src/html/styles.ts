// The one stylesheet shared by every HTML page, inlined in a <style> element and allowed by hash in the CSP.
import { createHash } from 'node:crypto';

// Colours are GitHub Primer tokens; every text/background pair below is at least 4.5:1 (WCAG AA).
export const PAGE_CSS = `
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;background:#f6f8fa;color:#1f2328;font:16px/1.5 -apple-system,BlinkMacSystemFont,"Segoe UI","Noto Sans",Helvetica,Arial,sans-serif}
a{color:#0550ae;text-underline-offset:2px}
a:hover{color:#0a3069}
a:focus-visible,button:focus-visible,summary:focus-visible,input:focus-visible{outline:2px solid #0969da;outline-offset:2px;border-radius:3px}
code,.mono,pre{font-family:ui-monospace,SFMono-Regular,"SF Mono",Menlo,Consolas,"Liberation Mono",monospace;font-size:.8125rem}
pre{white-space:pre-wrap;overflow-wrap:anywhere;margin:.25rem 0 0;padding:.5rem .75rem;background:#f6f8fa;border:1px solid #d1d9e0;border-radius:6px;max-height:24rem;overflow:auto}
h1,h2,h3,h4{line-height:1.25;margin:0}
h1{font-size:1.75rem;font-weight:600;overflow-wrap:anywhere}
h2{font-size:1.25rem;font-weight:600;margin:2.5rem 0 1rem;padding-bottom:.5rem;border-bottom:1px solid #d1d9e0}
h3{font-size:1rem;font-weight:600}
p{margin:.5rem 0}
.skip{position:absolute;left:-999px}
.sr-only{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
.skip:focus{left:1rem;top:.5rem;background:#fff;padding:.25rem .5rem;z-index:1}
.site-header{background:#fff;border-bottom:1px solid #d1d9e0}
.site-header .wrap{display:flex;align-items:center;justify-content:space-between;gap:1rem;min-height:3.5rem;flex-wrap:wrap}
.brand{font-weight:700;font-size:1.125rem;color:#1f2328;text-decoration:none;letter-spacing:-.01em}
.brand span{color:#59636e;font-weight:400;font-size:.875rem;margin-left:.5rem}
.site-nav{display:flex;gap:1rem;font-size:.875rem}
.wrap{max-width:60rem;margin:0 auto;padding:0 1rem}
main.wrap{padding-top:2rem;padding-bottom:3rem}
.site-footer{border-top:1px solid #d1d9e0;color:#59636e;font-size:.8125rem;padding:1.5rem 0 2.5rem}
.site-footer p{margin:.25rem 0}
.muted{color:#59636e}
.small{font-size:.875rem}
.eyebrow{color:#59636e;font-size:.8125rem;font-weight:600;text-transform:uppercase;letter-spacing:.04em;margin:0 0 .25rem}
.audited-url{margin:.5rem 0 .75rem;overflow-wrap:anywhere}
.meta-row{display:flex;flex-wrap:wrap;gap:.25rem 1rem;align-items:center;color:#59636e;font-size:.875rem;margin:0;padding:0;list-style:none}
.badge{display:inline-block;border-radius:2rem;padding:.0625rem .5rem;font-size:.75rem;font-weight:600;line-height:1.5;border:1px solid transparent;white-space:nowrap}
.status-succeeded{background:#dafbe1;color:#116329;border-color:#aceebb}
.status-failed,.status-blocked{background:#ffebe9;color:#a40e26;border-color:#ffcecb}
.status-timeout{background:#fff8c5;color:#7d4e00;border-color:#f5e0a0}
.status-queued,.status-running,.status-other{background:#ddf4ff;color:#0a3069;border-color:#b6e3ff}
.sev-critical{background:#ffebe9;color:#a40e26;border-color:#ffcecb}
.sev-warning{background:#fff8c5;color:#7d4e00;border-color:#f5e0a0}
.sev-info{background:#ddf4ff;color:#0a3069;border-color:#b6e3ff}
.change-new,.change-regressed,.change-flapping{background:#fff1e5;color:#953800;border-color:#ffd8b5}
.change-still_there{background:#f6f8fa;color:#59636e;border-color:#d1d9e0}
.advisory-label{background:#fbefff;color:#6639ba;border-color:#ecd8ff}
.notice{border:1px solid #d1d9e0;border-left:4px solid #9a6700;background:#fff8c5;color:#1f2328;border-radius:6px;padding:.75rem 1rem;margin:1.25rem 0}
.failure{border:1px solid #ffcecb;border-left:4px solid #cf222e;background:#fff;border-radius:6px;padding:1.25rem;margin:1.5rem 0}
.failure h2{margin:0 0 .5rem;padding:0;border:0;color:#a40e26}
.failure-reason{font-size:1.125rem;font-weight:600;margin:.5rem 0;overflow-wrap:anywhere}
.run-head{margin-bottom:1.5rem}
.grades{display:grid;grid-template-columns:repeat(3,minmax(0,1fr));gap:.75rem;margin:0 0 .75rem;padding:0;list-style:none}
.grade-card{display:flex;gap:.875rem;align-items:flex-start;background:#fff;border:1px solid #d1d9e0;border-radius:8px;padding:.875rem;color:inherit;text-decoration:none;height:100%}
a.grade-card:hover{border-color:#818b98;color:inherit}
.grade-card h3{font-size:1rem}
.grade-card p{margin:.125rem 0 .375rem;font-size:.8125rem;color:#59636e;line-height:1.4}
.grade{flex:none;display:flex;align-items:center;justify-content:center;width:3.5rem;height:3.5rem;border-radius:8px;font-size:2rem;font-weight:700;line-height:1;border:1px solid transparent}
.grade-A{background:#dafbe1;color:#116329;border-color:#aceebb}
.grade-B{background:#d3f5ef;color:#0b5e55;border-color:#a6e3d9}
.grade-C{background:#fff8c5;color:#7d4e00;border-color:#f5e0a0}
.grade-D{background:#ffe7d1;color:#953800;border-color:#ffc9a0}
.grade-F{background:#ffebe9;color:#a40e26;border-color:#ffcecb}
.counts{display:flex;flex-wrap:wrap;gap:.25rem .625rem;font-size:.8125rem;margin:0;padding:0;list-style:none}
.counts .zero{color:#59636e}
.counts strong{font-weight:600}
.flows-card{background:#fff;border:1px dashed #d1d9e0;border-radius:8px;padding:.875rem 1rem;margin:.75rem 0 0}
.flows-card h3{display:inline;margin-right:.5rem}
.flows-card>div{font-size:.875rem;margin-top:.25rem}
.flow h4{margin:.75rem 0 .25rem;font-size:1rem}
.timeline{list-style:none;margin:0;padding:0}
.timeline .step{display:flex;gap:.75rem;align-items:flex-start;padding:.5rem 0;border-top:1px solid #eef1f4}
.timeline .step p{margin:0 0 .125rem}
.step-shot{flex:none;display:block;width:160px;height:100px;border:1px solid #d1d9e0;border-radius:4px;overflow:hidden;background:#f6f8fa}
.step-shot img{display:block;width:160px;height:100px;object-fit:cover;object-position:top left}
.step-failed{background:#fff8f8}
.step-error{color:#a40e26;overflow-wrap:anywhere}
@media (max-width:600px){.step-shot,.step-shot img{width:96px;height:60px}}
.section-head{display:flex;align-items:center;gap:.625rem;margin:1.75rem 0 .625rem;flex-wrap:wrap}
.section-head .grade{width:2rem;height:2rem;font-size:1.125rem;border-radius:6px}
.section-head h3{font-size:1.125rem}
.section-head .muted{font-size:.875rem}
.findings{list-style:none;margin:0;padding:0;display:grid;gap:.5rem}
.finding{background:#fff;border:1px solid #d1d9e0;border-radius:8px;padding:.75rem 1rem;min-width:0;display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:flex-start}
.finding-text{flex:1 1 18rem;min-width:0}
.finding .raw{margin:.25rem 0 0}
.finding .raw[open]{padding-bottom:.25rem}
.fix-first{border-left:4px solid #cf222e;margin:1.25rem 0}
.fix-first h2{margin:0 0 .625rem;padding:0;border:0;font-size:1.125rem}
.fix-first ol{margin:0;padding:0;list-style:none;display:grid;gap:.625rem}
.fix-first li{display:flex;gap:.625rem;align-items:baseline;font-size:.9375rem;min-width:0}
.fix-first .badge{flex:none;min-width:4.75rem;text-align:center}
.ff-text{min-width:0;overflow-wrap:anywhere}
.ff-text a{font-weight:600}
.ff-fix{color:#59636e;font-size:.875rem}
.shot{display:block;flex:none;border:1px solid #d1d9e0;border-radius:4px;overflow:hidden;background:#f6f8fa;line-height:0}
.shot svg{display:block;width:100%;height:100%}
.shot:hover{border-color:#0969da}
.shot-finding{width:192px;height:120px}
.shot-tl{width:128px;height:80px}
.shot-page,.shot-consent{width:100%;aspect-ratio:16/10;height:auto}
.ol-hl{fill:#cf222e;fill-opacity:.15;stroke:#cf222e;stroke-width:2.5px;vector-effect:non-scaling-stroke}
.ol-lcp{fill:none;stroke:#0969da;stroke-width:2.5px;vector-effect:non-scaling-stroke}
.ol-shift{fill:none;stroke:#bc4c00;stroke-width:2.5px;stroke-dasharray:6 3;vector-effect:non-scaling-stroke}
.timeline-panel h4,.consent-panel h4{font-size:1rem}
.tl-list{list-style:none;margin:.5rem 0 0;padding:0}
.tl-list li{display:grid;grid-template-columns:8rem minmax(0,1fr) 19rem;gap:.75rem;align-items:center;padding:.125rem 0;font-size:.8125rem}
.tl-path,.tl-nums{overflow-wrap:anywhere;min-width:0}
.tl-bar{display:block;width:100%;height:18px}
.tl-shots{list-style:none;margin:.75rem 0 0;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(16rem,1fr));gap:.75rem}
.tl-shots li{display:flex;gap:.625rem;align-items:flex-start;min-width:0}
.tl-shots p{margin:0;overflow-wrap:anywhere;min-width:0}
.tl-wait,.key-wait{fill:#d1d9e0;background:#d1d9e0}
.tl-load,.key-load{fill:#818b98;background:#818b98}
.tl-fcp,.key-fcp{fill:#1a7f37;background:#1a7f37}
.tl-lcp,.key-lcp{fill:#0969da;background:#0969da}
.tl-shift,.key-shift{fill:#bc4c00;background:#bc4c00}
.key{display:inline-block;width:.75rem;height:.75rem;border-radius:2px;vertical-align:-.1em;margin:0 .25rem 0 .5rem}
.legend .key:first-child{margin-left:0}
.consent-states{list-style:none;margin:.5rem 0 0;padding:0;display:grid;grid-template-columns:repeat(3,minmax(0,1fr));gap:1rem}
.consent-state{min-width:0;overflow-wrap:anywhere}
.consent-state h4{margin:0 0 .375rem;font-size:.9375rem}
.consent-state p{margin:.375rem 0 .125rem}
.pages.gallery{display:grid;grid-template-columns:repeat(auto-fill,minmax(8.5rem,1fr));gap:1rem .75rem}
.pages.gallery .path .muted:last-child{display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical;overflow:hidden}
.conditions>summary{color:inherit}
.conditions>summary h3{display:inline;margin:0}
.pages.gallery li{display:grid;grid-template-columns:auto minmax(0,1fr);gap:.375rem .5rem;align-items:start;align-content:start;border:0;padding:0}
.pages.gallery .shot{grid-column:1/-1}
.finding.advisory{border-style:dashed;background:#fdfcff}
.finding-head{display:flex;gap:.5rem;align-items:baseline;flex-wrap:wrap}
.finding-head h4{font-size:1rem;font-weight:600;overflow-wrap:anywhere;flex:1 1 16rem}
.finding-head .badges{display:flex;gap:.375rem;flex-wrap:wrap}
.impact{color:#59636e;font-size:.875rem;margin:.375rem 0 .5rem}
.where{font-size:.875rem;margin:.25rem 0;overflow-wrap:anywhere}
.locator{display:block;margin:.5rem 0;padding:.375rem .625rem;background:#f6f8fa;border:1px solid #d1d9e0;border-radius:6px;color:#1f2328;overflow-wrap:anywhere}
.note{font-size:.9375rem;margin:.5rem 0;padding:.5rem .75rem;border-left:3px solid #8250df;background:#fbefff;color:#1f2328;overflow-wrap:anywhere;white-space:pre-wrap}
.fix{font-size:.875rem;margin:.25rem 0 0}
.fix a{font-weight:600;white-space:nowrap}
dl.kv{display:grid;grid-template-columns:minmax(7rem,max-content) minmax(0,1fr);gap:.25rem 1rem;margin:.5rem 0 0;font-size:.875rem}
dl.kv dt{color:#59636e;font-weight:600}
dl.kv dd{margin:0;min-width:0;overflow-wrap:anywhere}
dl.kv dl.kv{margin:0;padding-left:.625rem;border-left:2px solid #d1d9e0}
.vlist{margin:0;padding-left:1.125rem}
.vlist li{overflow-wrap:anywhere}
.vlist li+li{margin-top:.125rem}
.vlist.objs{list-style:none;padding:0}
.vlist.objs>li{padding:.375rem 0}
.vlist.objs>li+li{border-top:1px dashed #d1d9e0;margin:0}
.vlist.objs dl.kv{padding-left:0;border-left:0}
dd code,li code{background:#eff2f5;padding:.0625rem .3rem;border-radius:4px;overflow-wrap:anywhere}
details{margin:.25rem 0}
summary{cursor:pointer;color:#0550ae;font-size:.875rem}
.more-findings>summary{font-weight:600;margin:.25rem 0}
.more-findings>.findings{margin-top:.75rem}
.empty{background:#fff;border:1px solid #d1d9e0;border-radius:8px;padding:.75rem 1rem;color:#1f2328;margin:0;font-size:.9375rem}
.panel{background:#fff;border:1px solid #d1d9e0;border-radius:8px;padding:1rem 1.125rem;margin:.75rem 0}
.panel h3{margin-bottom:.5rem}
.pages,.check-list{list-style:none;margin:0;padding:0;font-size:.875rem}
.pages li,.check-list li{display:flex;gap:.625rem;align-items:baseline;padding:.375rem 0;border-top:1px solid #eff2f5;min-width:0}
.pages li:first-child,.check-list li:first-child{border-top:0}
.pages .path,.check-list .cid{overflow-wrap:anywhere;min-width:0}
.code{flex:none;min-width:2.75rem;text-align:center}
.outcome{flex:none;min-width:6.5rem}
.out-passed{background:#dafbe1;color:#116329;border-color:#aceebb}
.out-failed{background:#ffebe9;color:#a40e26;border-color:#ffcecb}
.out-not_applicable{background:#f6f8fa;color:#59636e;border-color:#d1d9e0}
.out-error{background:#fff8c5;color:#7d4e00;border-color:#f5e0a0}
.steps{list-style:none;margin:.75rem 0 0;padding:0;font-size:.9375rem}
.steps li{padding:.375rem 0 .375rem 1.5rem;border-top:1px solid #eff2f5;position:relative;overflow-wrap:anywhere}
.steps li:first-child{border-top:0}
.steps li::before{content:"✓";position:absolute;left:.125rem;color:#116329;font-weight:700}
.steps li.step-end::before{content:"■"}
.steps li.step-error::before{content:"!";color:#a40e26}
.panel h2.eyebrow{border:0;padding:0;margin:0 0 .5rem}
.working{display:flex;align-items:center;gap:.625rem;margin:.25rem 0}
.spinner{flex:none;width:1rem;height:1rem;border:2px solid #d1d9e0;border-top-color:#0969da;border-radius:50%;animation:spin 1s linear infinite}
@keyframes spin{to{transform:rotate(360deg)}}
@media (prefers-reduced-motion:reduce){.spinner{animation:none}}
.hero{padding:1rem 0 .5rem}
.hero h1{font-size:2rem}
.hero p{font-size:1.0625rem;color:#59636e;max-width:40rem}
.audit-form{display:flex;flex-wrap:wrap;gap:.5rem;margin:1.25rem 0 .25rem;max-width:40rem}
.audit-form label{flex:1 0 100%;font-weight:600;font-size:.875rem}
.audit-form input{flex:1;min-width:0;font:inherit;padding:.5rem .75rem;border:1px solid #818b98;border-radius:6px;background:#fff;color:#1f2328}
.audit-form input[aria-invalid=true]{border-color:#cf222e}
.btn{font:inherit;font-weight:600;padding:.5rem 1.25rem;border-radius:6px;border:1px solid #1a7f37;background:#1a7f37;color:#fff;cursor:pointer}
.btn:hover{background:#116329}
.btn[disabled]{opacity:.75;cursor:progress}
.form-error{color:#a40e26;font-size:.875rem;font-weight:600;margin:.25rem 0;max-width:40rem;min-height:1.3em}
.feature-list{display:grid;grid-template-columns:repeat(3,minmax(0,1fr));gap:.75rem;list-style:none;margin:1rem 0;padding:0}
.feature-list li{background:#fff;border:1px solid #d1d9e0;border-radius:8px;padding:.75rem .875rem;font-size:.875rem;color:#59636e}
.feature-list strong{display:block;color:#1f2328;font-size:.9375rem}
[hidden]{display:none!important}
@media (max-width:720px){.grades,.feature-list{grid-template-columns:repeat(2,minmax(0,1fr))}}
@media (max-width:560px){
body{font-size:15px}
h1{font-size:1.375rem}
.hero h1{font-size:1.625rem}
.grades{grid-template-columns:minmax(0,1fr);gap:.5rem}
.feature-list{grid-template-columns:minmax(0,1fr)}
.grade-card{padding:.75rem}
.finding{padding:.75rem}
.fix-first .badge{min-width:0}
.fix-first li{flex-wrap:wrap;gap:.25rem .5rem}
.ff-fix{display:none}
.tl-list li{grid-template-columns:minmax(0,1fr) minmax(0,2fr);gap:0 .5rem;padding:.25rem 0;font-size:.75rem}
.tl-nums{text-align:right}
.tl-list .tl-bar{grid-column:1/-1;grid-row:2}
.consent-states{grid-template-columns:minmax(0,1fr)}
.pages.gallery{grid-template-columns:repeat(2,minmax(0,1fr))}
dl.kv{grid-template-columns:minmax(5.5rem,30%) minmax(0,1fr);gap:.25rem .625rem}
dl.kv .wide{grid-column:1/-1}
dl.kv dd.wide{margin-bottom:.25rem}
dl.kv dl.kv{grid-template-columns:minmax(0,1fr);gap:0}
dl.kv dl.kv dd{margin-bottom:.25rem}
.audit-form .btn{flex:1 0 100%}
.outcome{min-width:0}
}
@media print{body{background:#fff}.site-nav,.skip{display:none}details>*{display:block}.finding,.grade-card{break-inside:avoid}}
`.trim();

/** Base64 SHA-256 of PAGE_CSS: the CSP must list `'sha256-<this>'` in style-src. */
export const PAGE_CSS_SHA256 = createHash('sha256').update(PAGE_CSS, 'utf8').digest('base64');
