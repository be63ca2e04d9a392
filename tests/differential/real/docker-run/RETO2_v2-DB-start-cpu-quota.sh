# Source: github.com/ggallardoruiz/RETO2_v2, DB/start.sh (commit 810acbd0d78d)
#!/bin/sh
docker rm reto1db
sudo docker run --cpu-period=50000 --cpu-quota=10000 --cpuset-cpus="0" --name reto1db -e MYSQL_ROOT_PASSWORD=passwd -p 3306:3306 -d reto1db
