// expect: StackOverflow
// category: bomb-stack
const sortAgain = () => [2, 1].sort(sortAgain);
sortAgain()
