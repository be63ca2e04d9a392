# Source: github.com/r0486682/scriptsworker, createConsumer.sh (commit 0f044386b2c4)
#!/bin/bash
#docker run -d  --memory=0 -v "$3:/app/lib"  --cpu-shares="368"  --cpu-period="100000" --cgroup-parent="$2" --cpu-quota="36000" --ipc="$1" --net="$1" -e "DNS_NAMESPACE=gold" -e "STRESS_SIZE=100" -e "POOL_SIZE=10" r0486682/java-consumer:testinit
#docker run -d  --memory=0 -v --cpu-shares="368"  --cpu-period="100000" --cgroup-parent="$2" --cpu-quota="36000" --ipc="$1" --net="$1" -e "DNS_NAMESPACE=gold" -e "STRESS_SIZE=100" -e "POOL_SIZE=10" r0486682/java-consumer:split
docker run -d  --memory=0 -v --cpu-shares="368"  --cpu-period="100000" --cgroup-parent="$2" --cpu-quota="36000" --ipc="$1" --net="$1" -e "DNS_NAMESPACE=gold" -e "STRESS_SIZE=100" -e "POOL_SIZE=10" arguez/java-consumer
