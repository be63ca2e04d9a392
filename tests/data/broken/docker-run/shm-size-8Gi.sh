#!/bin/sh
# expect: error 3 Kubernetes syntax
docker run --rm --shm-size=8Gi pytorch/pytorch:latest python train.py
