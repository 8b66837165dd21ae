// expect: ok|InternalError
JSON.stringify = () => '{"status":"ok","body":7}';
JSON.parse = () => ({ settled: true });
'tampered'
