// A failed load's event logged or thrown as it is: a loader rejecting with the `error` Event of a script or
// stylesheet that did not load ("Event", "[object Event]", "Uncaught (in promise) Event"). It names no
// address, so only the page's failed or refused loads can explain it.
export const LOAD_EVENT = /^(?:Uncaught (?:\(in promise\) )?)?(?:\[object Event\]|Event(?: \{.*\})?|Error: \[object Event\])$/;
