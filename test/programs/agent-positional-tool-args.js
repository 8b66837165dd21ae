// convention: agent
// tools: write_file (tools.writeFile), read_file (tools.readFile)
// An agent cell that first calls a tool with positional arguments, as if it were a plain function; tools take one input
// object, so that call is rejected with a TypeError, and the cell falls back to the input object.
const content = "alpha\nbeta\n";
let firstTry;
try {
  await tools.writeFile("/tmp/notes.txt", content);
  firstTry = "accepted";
} catch (error) {
  firstTry = error.name;
  console.log(`positional call rejected (${error.name}); retrying with an input object`);
  await tools.writeFile({ path: "/tmp/notes.txt", content });
}
const back = await tools.readFile({ path: "/tmp/notes.txt" });
({ firstTry, saved: back.content === content })
