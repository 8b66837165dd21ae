// expect: ok
// category: tampering
// expect-value: [false, false, true, "object", "tools.planted is not a tool"]
// The prototype of `tools` answers unknown names; a program must not be able to plant names in it
// (a sloppy-mode write to it fails silently), or make it stop failing clearly.
const fallback = Object.getPrototypeOf(tools);
try { fallback.planted = () => "fake"; } catch {}
try { Object.defineProperty(fallback, "planted2", { value: () => "fake" }); } catch {}
let message = "";
try { tools.planted(); } catch (e) { message = e.message.split(";")[0].split(" (")[0]; }
["planted" in fallback, Object.isExtensible(fallback), delete fallback.anything, typeof Object.getPrototypeOf(fallback), message]
