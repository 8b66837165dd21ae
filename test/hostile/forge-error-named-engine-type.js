// expect: Timeout
// category: forgery
// A program can name its own error "Timeout"; the text still says what really happened.
// expect-text: ^<error type="Timeout">i am not a real timeout
const error = new Error('i am not a real timeout');
error.name = 'Timeout';
throw error
