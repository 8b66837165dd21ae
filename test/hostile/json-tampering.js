// expect: ok|InternalError
// category: tampering
JSON.stringify = () => '{"status":"ok","body":7}';
JSON.parse = () => ({ settled: true });
'tampered'
