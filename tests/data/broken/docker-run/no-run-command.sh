# expect: error 1 no 'docker run'
docker ps -a
