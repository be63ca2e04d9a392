# expect: error 3 leaves a " quote open
# dash: "Syntax error: Unterminated quoted string"; bash: "unexpected EOF while looking for matching"
docker run `"` pytorch/pytorch:latest
